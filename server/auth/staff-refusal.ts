/**
 * A refused action on staff accounts or their links: a 4xx, a code the editor says in its language
 * (its catalogue's `staff.error.{code}`), an English sentence for scripts and logs, and the field at
 * fault when there is one.
 */
export interface FieldRefusal {
  field: string;
  code: string;
  message: string;
}

export class StaffRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly params?: Record<string, string | number>,
    readonly errors?: FieldRefusal[],
  ) {
    super(message);
  }

  /** The JSON answer. */
  get body(): Record<string, unknown> {
    return {
      error: this.message,
      code: this.code,
      ...(this.params ? { params: this.params } : {}),
      ...(this.field ? { field: this.field, errors: this.errors ?? [{ field: this.field, code: this.code, message: this.message }] } : {}),
    };
  }
}

/** What both forms of an owner account (a new one, a change) are made of: their text field and how they read input and errors. */
import { ApiError } from '../api.ts';

/** A labelled text input with its help and its error (announced with the input). */
export function TextField(p: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  help?: string;
  type?: string;
  required?: boolean;
}) {
  const describedBy = [p.help ? `${p.id}-help` : '', p.error ? `${p.id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ed-inbox__filter">
      <label className="ed-label" htmlFor={p.id}>
        {p.label} {p.required && <span aria-hidden="true">*</span>}
      </label>
      <input
        id={p.id}
        className="ed-input"
        type={p.type ?? 'text'}
        autoComplete="off"
        required={p.required}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy}
      />
      {p.help && (
        <p id={`${p.id}-help`} className="ed-help">
          {p.help}
        </p>
      )}
      {p.error && (
        <p id={`${p.id}-error`} className="ed-inbox__field-error">
          {p.error}
        </p>
      )}
    </div>
  );
}

/** "12, 345 678" → [12, 345, 678]; undefined when something else was typed. */
export function parseIds(text: string): number[] | undefined {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.some((p) => !/^[1-9]\d{0,8}$/.test(p))) return undefined;
  return [...new Set(parts.map(Number))];
}

export interface FieldErrors {
  [field: string]: string | undefined;
}

/** The server names the field at fault: the message goes next to it. */
export function fieldErrorOf(e: unknown): FieldErrors {
  if (e instanceof ApiError && typeof e.body.field === 'string') {
    const errors = e.body.errors as Array<{ field: string; message: string }> | undefined;
    return { [e.body.field]: errors?.find((x) => x.field === e.body.field)?.message ?? e.message };
  }
  return {};
}

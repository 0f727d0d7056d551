import type { ReactNode } from 'react';

export interface ToolFieldProps {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
  /** Extra classes of the field's box (`form-field--wide` spans the form's width). */
  className?: string;
}

/**
 * One field of a visitor tool's plain form (the renovation and buying-cost calculators): its label,
 * its input, a hint and the server's sentence when the value was refused. Ids are `{prefix}-{name}`
 * (the input's own id), `…-hint` and `…-error`, which the input names in aria-describedby.
 */
export function ToolField({ prefix, name, label, error, hint, children, className }: ToolFieldProps & { prefix: string }) {
  return (
    <div className={className ? `form-field ${className}` : 'form-field'} data-invalid={error ? true : undefined}>
      <label htmlFor={`${prefix}-${name}`}>{label}</label>
      {children}
      {hint && (
        <p className="form-hint" id={`${prefix}-${name}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="form-error" id={`${prefix}-${name}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

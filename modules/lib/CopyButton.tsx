import { useState } from 'react';

/** A link-styled button that copies `text` to the clipboard and then reads `done` instead of `label`. */
export function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="link-button"
      onClick={() =>
        navigator.clipboard
          ?.writeText(text)
          .then(() => setCopied(true))
          .catch(() => {})
      }
    >
      {copied ? done : label}
    </button>
  );
}

/** Where a visitor tool's figure comes from: the source (a link when it has an address), its date and a note. */
export function ToolSource({ source }: { source: { name: string; url?: string | null; date: string; note?: string | null } }) {
  return (
    <>
      {source.url ? (
        <a href={source.url} target="_blank" rel="noopener noreferrer">
          {source.name}
        </a>
      ) : (
        source.name
      )}{' '}
      ({source.date}){source.note ? ` – ${source.note}` : ''}
    </>
  );
}

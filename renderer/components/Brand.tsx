/** The Relaydesk mark and name. */
export function Brand() {
  return (
    <div className="brand">
      <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" />
        <path d="M8 12h15m-4-4 4 4-4 4M24 20H9m4-4-4 4 4 4" />
      </svg>
      <span className="brand__name">Relaydesk</span>
    </div>
  );
}

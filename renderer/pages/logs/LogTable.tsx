// The paged table of records; a row's "Details" button opens the drawer.
import { typeName } from '../../api/logs.js';
import type { LogView } from '../../api/logs.js';
import { ms, n, when } from './format.js';

export function LogTable({ items, admin, onOpen }: { items: LogView[]; admin: boolean; onOpen: (record: LogView) => void }) {
  return (
    <div className="table-wrap">
      <table className="logs-table">
        <caption className="offscreen">Call and audit records, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            {admin && <th scope="col">User</th>}
            <th scope="col">Key</th>
            <th scope="col">Model</th>
            {admin && <th scope="col">Channel</th>}
            <th scope="col" className="num">
              Tokens (in / out)
            </th>
            <th scope="col" className="num">
              Quota
            </th>
            <th scope="col" className="num">
              First byte / total
            </th>
            <th scope="col">Stream</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="offscreen">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={r.id} data-testid="log-row">
              <td>{when(r.created_at)}</td>
              {admin && <td>{r.username}</td>}
              <td>{r.token_name || '–'}</td>
              <td>{r.model || '–'}</td>
              {admin && <td>{r.channel_name ? `${r.channel_name} (#${r.channel_id})` : '–'}</td>}
              <td className="num" data-testid="log-tokens">
                {n(r.prompt_tokens)} / {n(r.completion_tokens)}
              </td>
              <td className="num">{n(r.quota)}</td>
              <td className="num">
                {ms(r.first_byte_ms)} / {ms(r.total_ms)}
              </td>
              <td>{r.is_stream ? 'Yes' : 'No'}</td>
              <td>{r.error ? <span className="log-status log-status--error">{typeName(r.type)}: error</span> : <span className="log-status">{typeName(r.type)}</span>}</td>
              <td>
                <button type="button" className="button button--secondary button--small" onClick={() => onOpen(r)} aria-label={`Details of record ${r.id}`}>
                  Details
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from '../../renderer/components/DataTable.js';

interface Row {
  id: number;
  name: string;
  calls: number;
}

const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', render: (row) => row.name },
  { key: 'calls', header: 'Calls', render: (row) => row.calls, numeric: true },
];

function table(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return render(<DataTable<Row> caption="Keys" columns={columns} rows={[]} rowKey={(row) => row.id} loading={false} error={null} empty="No keys yet." {...props} />);
}

describe('DataTable', () => {
  it('is a table named by its caption, with column headers', () => {
    table();
    const grid = screen.getByRole('table', { name: 'Keys' });
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Calls']);
  });

  it('says it is loading while there are no rows yet, and marks itself busy', () => {
    table({ rows: null, loading: true });
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('shows the empty message when there are no rows', () => {
    table({ rows: [] });
    expect(screen.getByText('No keys yet.')).toBeTruthy();
  });

  it('shows an error as an alert, with a retry button that calls back', async () => {
    const onRetry = vi.fn();
    table({ rows: null, error: "Can't reach the Relaydesk relay.", onRetry });
    expect(screen.getByRole('alert').textContent).toBe("Can't reach the Relaydesk relay.");
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('renders one row per item, labelling cells with their column for narrow screens', () => {
    table({ rows: [{ id: 1, name: 'laptop', calls: 12 }, { id: 2, name: 'ci', calls: 3 }] });
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['laptop', '12'],
      ['ci', '3'],
    ]);
    expect(within(rows[0]!).getAllByRole('cell')[1]!.getAttribute('data-label')).toBe('Calls');
  });

  it('pages forward and back, disabling the buttons at either end', async () => {
    const onPage = vi.fn();
    const { rerender } = table({ rows: [{ id: 1, name: 'a', calls: 1 }], page: 1, pageSize: 10, total: 25, onPage });
    const pager = screen.getByRole('navigation', { name: 'Keys pages' });
    expect(pager.textContent).toContain('25 items · page 1 of 3');
    expect(within(pager).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenLastCalledWith(2);

    rerender(<DataTable<Row> caption="Keys" columns={columns} rows={[{ id: 3, name: 'c', calls: 1 }]} rowKey={(row) => row.id} loading={false} error={null} empty="" page={3} pageSize={10} total={25} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
  });

  it('does not page while a page is loading, and hides the pager when there is nothing', () => {
    const { rerender } = table({ rows: [{ id: 1, name: 'a', calls: 1 }], loading: true, page: 2, pageSize: 10, total: 25, onPage: () => {} });
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    rerender(<DataTable<Row> caption="Keys" columns={columns} rows={[]} rowKey={(row) => row.id} loading={false} error={null} empty="None." total={0} onPage={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  describe('sideways scrolling by keyboard', () => {
    /** The table box's widths as the browser would measure them, and a ResizeObserver the test fires. */
    function layout(initial: { content: number; box: number }) {
      const size = { ...initial };
      vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(() => size.content);
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => size.box);
      const callbacks: (() => void)[] = [];
      vi.stubGlobal(
        'ResizeObserver',
        class {
          constructor(callback: () => void) {
            callbacks.push(callback);
          }
          observe() {}
          disconnect() {}
        },
      );
      return {
        resize(next: { content: number; box: number }) {
          Object.assign(size, next);
          act(() => callbacks.forEach((callback) => callback()));
        },
      };
    }
    const rows = [{ id: 1, name: 'laptop', calls: 12 }];

    it('is no Tab stop while the table fits', async () => {
      layout({ content: 600, box: 600 });
      table({ rows });
      expect(screen.queryByRole('region', { name: 'Keys' })).toBeNull();
      await userEvent.tab();
      expect(document.activeElement).toBe(document.body);
    });

    it('is a named region the keyboard can focus while the table is wider than its box', async () => {
      layout({ content: 900, box: 400 });
      table({ rows });
      const region = screen.getByRole('region', { name: 'Keys' });
      await userEvent.tab();
      expect(document.activeElement).toBe(region);
    });

    it('follows the window: focusable once narrowed, not once widened again', () => {
      const box = layout({ content: 600, box: 800 });
      table({ rows });
      expect(screen.queryByRole('region', { name: 'Keys' })).toBeNull();
      box.resize({ content: 600, box: 400 });
      expect(screen.getByRole('region', { name: 'Keys' }).tabIndex).toBe(0);
      box.resize({ content: 600, box: 800 });
      expect(screen.queryByRole('region', { name: 'Keys' })).toBeNull();
    });
  });
});

import type { SupplierRecord } from './schema.js';
import type { StateFile } from './state-file.js';

export const SupplierStatus = { enabled: 1, disabled: 2 } as const;

export type NewSupplier = Pick<SupplierRecord, 'name'> & Partial<Pick<SupplierRecord, 'description' | 'icon' | 'status'>>;

export type SupplierDeletion = { deleted: true } | { deleted: false; reason: 'missing' | 'in use'; models?: number };

/** Model suppliers (vendors). Names are unique, compared without regard to case. */
export interface SupplierStore {
  list(): readonly SupplierRecord[];
  byId(id: number): SupplierRecord | undefined;
  byName(name: string): SupplierRecord | undefined;
  /** Answers null when the name is taken (checked and inserted in one step). */
  create(supplier: NewSupplier): Promise<SupplierRecord | null>;
  /** Answers null when the change would take another supplier's name; undefined when there is no such supplier. */
  update(id: number, change: (supplier: SupplierRecord) => void): Promise<SupplierRecord | null | undefined>;
  /** Refuses a supplier that models still name. */
  delete(id: number): Promise<SupplierDeletion>;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function createStateSupplierStore(state: StateFile): SupplierStore {
  return {
    list: () => state.data.suppliers,
    byId: (id) => state.data.suppliers.find((s) => s.id === id),
    byName: (name) => state.data.suppliers.find((s) => sameName(s.name, name)),
    create(supplier) {
      const now = Date.now();
      return state.update((data) => {
        if (data.suppliers.some((s) => sameName(s.name, supplier.name))) return null;
        const record: SupplierRecord = {
          id: data.next_ids.supplier++,
          name: supplier.name,
          description: supplier.description ?? '',
          icon: supplier.icon ?? '',
          status: supplier.status ?? SupplierStatus.enabled,
          created_at: now,
          updated_at: now,
        };
        data.suppliers.push(record);
        return record;
      });
    },
    update(id, change) {
      return state.update((data) => {
        const supplier = data.suppliers.find((s) => s.id === id);
        if (!supplier) return undefined;
        const changed = { ...supplier };
        change(changed);
        if (data.suppliers.some((s) => s.id !== id && sameName(s.name, changed.name))) return null;
        Object.assign(supplier, changed, { id, updated_at: Date.now() });
        return supplier;
      });
    },
    delete(id) {
      return state.update((data): SupplierDeletion => {
        const index = data.suppliers.findIndex((s) => s.id === id);
        if (index < 0) return { deleted: false, reason: 'missing' };
        const models = data.models.filter((m) => m.supplier_id === id).length;
        if (models > 0) return { deleted: false, reason: 'in use', models };
        data.suppliers.splice(index, 1);
        return { deleted: true };
      });
    },
  };
}

// Log records carry the call's family and units; records written before families were logged
// (no `family` on their line) read as chat calls, and the family filter finds them.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LogType, openLogStore } from '../../../../relay/store/logs/index.js';
import { parseRecord } from '../../../../relay/store/logs/log-record.js';
import { tempDir } from '../../../helpers/temp-dir.js';

describe('the family and units of a log record', () => {
  it('keeps the family and the known unit kinds; an old call record reads as chat, other records as none', () => {
    const line = (fields: object) => JSON.stringify({ id: 1, created_at: 1, ...fields });
    expect(parseRecord(line({ type: LogType.consume, family: 'rerank', units: { search_units: 3, requests: 1, tokens: 9, images: 'x' } }))).toMatchObject({
      family: 'rerank',
      units: { search_units: 3, requests: 1 },
    });
    expect(parseRecord(line({ type: LogType.consume }))).toMatchObject({ family: 'chat', units: {} });
    expect(parseRecord(line({ type: LogType.error }))!.family).toBe('chat');
    expect(parseRecord(line({ type: LogType.manage }))!.family).toBe('');
  });

  it('filters by family, counting records written before families were logged as chat', async () => {
    const dir = await tempDir();
    const store = await openLogStore({ dir });
    const old = store.append({ type: LogType.consume, model: 'gpt-4o', request_id: 'old' });
    store.append({ type: LogType.consume, family: 'embeddings', model: 'text-embedding-3-small', request_id: 'emb' });
    store.append({ type: LogType.error, family: 'rerank', model: 'rerank-v3.5', request_id: 'rr' });
    store.append({ type: LogType.consume, family: 'chat', model: 'gpt-4o', request_id: 'new' });
    store.append({ type: LogType.manage, content: 'created key', request_id: 'audit' });
    await store.close();
    // The first record as an older build wrote it: no family on its line (same length, so the index still fits).
    const day = path.join(dir, `${new Date(old.created_at).toISOString().slice(0, 10)}.jsonl`);
    const text = await fs.readFile(day, 'utf8');
    const first = text.slice(0, text.indexOf('\n'));
    expect(first).toContain('"family":"chat"');
    await fs.writeFile(day, first.replace('"family":"chat"', '"xxxxxx":"chat"') + text.slice(first.length));

    const reopened = await openLogStore({ dir });
    const ids = async (family: string) => (await reopened.query({ family })).items.map((r) => r.request_id);
    expect(await ids('chat')).toEqual(['new', 'old']);
    expect(await ids('embeddings')).toEqual(['emb']);
    expect(await ids('rerank')).toEqual(['rr']);
    expect(await ids('moderation')).toEqual([]);
    expect((await reopened.query({ family: '' })).total).toBe(5); // '' is no filter
    expect((await reopened.get(old.id))!.family).toBe('chat');
    await reopened.close();
  });
});

// Writing client configuration files (Claude Code, Codex CLI, Gemini CLI) on the relay's own
// machine, for the owner using the console over loopback. Backups before each write, and undo.
import { Type } from '@sinclair/typebox';
import type { Request } from 'express';
import { ConfigFormatError } from '../client-setup/edit.js';
import { CLIENT_IDS, clientStatuses, undoClientConfig, writeClientConfig } from '../client-setup/files.js';
import type { ClientId } from '../client-setup/files.js';
import { ApiError } from '../http/errors.js';
import { isLoopbackAddress } from '../http/network.js';
import { Role } from './contract.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';

const ClientSchema = Type.Union(
  CLIENT_IDS.map((id) => Type.Literal(id)),
  { description: 'claude-code, codex or gemini-cli' },
);

/** Relay keys are plain tokens: nothing that could break out of a JSON, TOML or dotenv value. */
const KeySchema = Type.String({ minLength: 1, maxLength: 256, pattern: '^[A-Za-z0-9_.:+/=-]+$', description: 'The API key to write (never answered back)' });

const ClientStatusSchema = Type.Object({
  client: ClientSchema,
  label: Type.String(),
  files: Type.Array(Type.Object({ path: Type.String(), exists: Type.Boolean() }), { description: 'The files written for this client (Gemini CLI: .env and settings.json)' }),
  can_undo: Type.Boolean(),
});

const WrittenSchema = Type.Object({
  client: ClientSchema,
  files: Type.Array(Type.Object({ path: Type.String(), backup: Type.Union([Type.String(), Type.Null()], { description: 'Where the previous file was copied; null when there was none' }) })),
  note: Type.String(),
});

const UndoneSchema = Type.Object({
  client: ClientSchema,
  files: Type.Array(
    Type.Object({
      path: Type.String(),
      action: Type.Union([Type.Literal('restored'), Type.Literal('removed')], { description: 'restored: the backup is back; removed: Relaydesk had created the file' }),
      backup: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});

/** A host name that stays on this machine: localhost, *.localhost, 127.x.x.x or ::1. */
function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}

/**
 * Only the owner, talking from this machine: the socket's peer must be loopback and the caller
 * root. Throws 403 otherwise. Exported so tests can check the refusal of remote peers.
 */
export function assertLocalOwner(remoteAddress: string | undefined, user: { role: number } | undefined): void {
  if (!isLoopbackAddress(remoteAddress)) throw new ApiError(403, 'Client files can only be written from the computer the relay runs on.');
  if (!user || user.role < Role.root) throw new ApiError(403, 'Only the owner (root) can write client files.');
}

/** This relay's origin as the caller reached it, from the Host header, which must name a loopback host. */
export function loopbackOrigin(req: Pick<Request, 'headers' | 'secure'>): string {
  const host = String(req.headers.host ?? '');
  if (!/^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/.test(host)) throw new ApiError(400, 'The request has no usable Host header.');
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.split(':')[0]!;
  if (!isLoopbackName(name)) throw new ApiError(403, 'Open the console at a loopback address (localhost) to write client files.');
  return `${req.secure ? 'https' : 'http'}://${host}`;
}

export function clientSetupRoutes(_context: ManagementContext) {
  return [
    route({
      method: 'get',
      path: '/client-setup',
      tag: 'user management',
      access: 'root',
      summary: 'Client configuration files on this computer (loopback only): which exist and where',
      response: Type.Array(ClientStatusSchema),
      handler: async ({ req, user }) => {
        assertLocalOwner(req.socket.remoteAddress, user);
        return clientStatuses();
      },
    }),
    route({
      method: 'post',
      path: '/client-setup/write',
      tag: 'user management',
      access: 'root',
      summary: "Write a client's configuration files for this relay (loopback only; each previous file is backed up)",
      body: Type.Object({ client: ClientSchema, key: KeySchema }),
      response: WrittenSchema,
      handler: async ({ body, req, user, res }) => {
        assertLocalOwner(req.socket.remoteAddress, user);
        const origin = loopbackOrigin(req);
        res.setHeader('Cache-Control', 'no-store');
        try {
          const result = await writeClientConfig(body.client as ClientId, origin, body.key);
          const backups = result.files.flatMap((file) => (file.backup ? [file.backup] : []));
          return new Answer(result, backups.length > 0 ? `Written. The previous version is saved as ${backups.join(' and ')}.` : 'Written.');
        } catch (error) {
          if (error instanceof ConfigFormatError) throw new ApiError(409, `The existing file ${error.message}: fix or move it first.`);
          throw new ApiError(500, `Could not write the file: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}.`);
        }
      },
    }),
    route({
      method: 'post',
      path: '/client-setup/undo',
      tag: 'user management',
      access: 'root',
      summary: "Undo the last write of a client's configuration files (loopback only): restores the backups, or removes the files Relaydesk created",
      body: Type.Object({ client: ClientSchema }),
      response: UndoneSchema,
      handler: async ({ body, req, user }) => {
        assertLocalOwner(req.socket.remoteAddress, user);
        const result = await undoClientConfig(body.client as ClientId);
        if (!result) throw new ApiError(409, 'Nothing to undo: Relaydesk has not written this file.');
        return new Answer(result, 'Undone.');
      },
    }),
  ];
}

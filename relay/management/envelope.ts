import type { Response } from 'express';
import type { Envelope } from './contract.js';

export function ok<T>(res: Response, data: T, message = ''): void {
  const body: Envelope<T> = { success: true, message, data };
  res.json(body);
}

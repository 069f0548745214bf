// Runs before every component test file: unmount what a test rendered and undo its stubs,
// so no test sees another's DOM, fetch or clipboard.
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// The console's catalogues, as main.tsx loads them (English: happy-dom's browser language).
import '../../renderer/i18n/index.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

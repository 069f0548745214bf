import { DataDirLockedError, PortInUseError, SecretBackendError, StateFileError } from '../relay/index.js';

/** Title and text of the error box shown when the relay cannot start. */
export function startupErrorMessage(error: unknown): { title: string; content: string } {
  if (error instanceof PortInUseError) {
    return {
      title: 'Relaydesk cannot start: port in use',
      content:
        `Port ${error.port} on ${error.host} is already in use, so Relaydesk cannot start its relay.\n\n` +
        'Another copy of Relaydesk or another program is probably using it. ' +
        'Quit that program and start Relaydesk again.',
    };
  }
  if (error instanceof StateFileError) {
    const names = error.message.includes(error.file) ? '' : `${error.file}\n\n`;
    return {
      title: 'Relaydesk cannot start: unreadable data file',
      content:
        `Relaydesk could not use its data file.\n\n${names}${error.message}\n\n` +
        'If the file is damaged, restore it from a backup or move it elsewhere, then start Relaydesk again.',
    };
  }
  if (error instanceof DataDirLockedError) {
    return {
      title: 'Relaydesk cannot start: data folder in use',
      content:
        `Another Relaydesk process (pid ${error.pid}) is using the data folder:\n${error.dataDir}\n\n` +
        'It may be a relay started from the command line with the same data folder. ' +
        'Stop it, then start Relaydesk again.',
    };
  }
  if (error instanceof SecretBackendError) {
    // Its message already says what is wrong, what to do and that no secret or key was changed.
    return { title: 'Relaydesk cannot start: secrets unavailable', content: error.message };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return {
    title: 'Relaydesk cannot start',
    content: `The relay could not be started:\n\n${detail}`,
  };
}

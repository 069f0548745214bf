// The playground's Copy on an answer, and the model it remembers from one visit to the next
// (in the chat tab and the media tabs), starting each test from an empty browser storage.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import PlaygroundPage from '../../renderer/pages/playground/PlaygroundPage.js';
import { Failure } from './helpers/fake-api.js';
import { send, stubPlayground, textAnswer } from './helpers/playground.js';

const modelBox = () => screen.getByLabelText<HTMLSelectElement>('Model');

/** Opens the playground (a visit) and waits for the model list. */
async function visit() {
  const view = render(<PlaygroundPage />);
  await screen.findByRole('option', { name: 'test-model' });
  return view;
}

beforeEach(() => {
  localStorage.clear();
});

describe('Playground: Copy', () => {
  it('copies the answer as written (its Markdown) to the clipboard and says so', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    stubPlayground([() => textAnswer('Use **two** eggs.')]);
    await visit();
    await send('how many eggs?');
    const answer = await screen.findByRole('article', { name: 'Answer' });
    await within(answer).findByText('two');

    await userEvent.click(within(answer).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText).toHaveBeenCalledWith('Use **two** eggs.');
    expect(within(answer).getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.getByText('Copied to the clipboard.')).toBeTruthy();
  });
});

describe('Playground: the last model', () => {
  it('offers again, on the next visit, the chat model chosen on this one', async () => {
    stubPlayground([]);
    const first = await visit();
    expect(modelBox().value).toBe('test-model');
    await userEvent.selectOptions(modelBox(), 'other-model');
    first.unmount();

    await visit();
    expect(modelBox().value).toBe('other-model');
  });

  it('remembers the model a message was sent with, even one typed while the list could not load', async () => {
    const { api } = stubPlayground([() => textAnswer('ok')]);
    api.on('GET /api/models', new Failure(503, 'busy'));
    const first = render(<PlaygroundPage />);
    await screen.findByText(/busy/);
    await userEvent.type(screen.getByLabelText('Model'), 'other-model');
    await send('hi');
    await screen.findByText('ok');
    first.unmount();

    api.on('GET /api/models', [{ name: 'test-model' }, { name: 'other-model' }]);
    await visit();
    expect(modelBox().value).toBe('other-model');
  });

  it('falls back to the first model when the remembered one is no longer offered', async () => {
    const { api } = stubPlayground([]);
    const first = await visit();
    await userEvent.selectOptions(modelBox(), 'other-model');
    first.unmount();

    api.on('GET /api/models', [{ name: 'test-model' }]);
    await visit();
    expect(modelBox().value).toBe('test-model');
  });

  it('remembers the image model used, apart from the chat model', async () => {
    const { api } = stubPlayground([() => Response.json({ data: [{ b64_json: 'iVBORw0KGgo=' }] })]);
    api.on('GET /api/models', [
      { name: 'test-model', families: ['chat'] },
      { name: 'painter', families: ['images'] },
      { name: 'painter-hd', families: ['images'] },
    ]);
    const first = await visit();
    await userEvent.click(screen.getByRole('tab', { name: 'Image' }));
    const panel = screen.getByRole('tabpanel', { name: 'Image' });
    await userEvent.selectOptions(within(panel).getByLabelText('Model'), 'painter-hd');
    await userEvent.type(within(panel).getByLabelText('Prompt'), 'a lighthouse');
    await userEvent.click(within(panel).getByRole('button', { name: 'Generate image' }));
    await screen.findByTestId('pg-images');
    first.unmount();

    await visit();
    expect(modelBox().value).toBe('test-model');
    await userEvent.click(screen.getByRole('tab', { name: 'Image' }));
    expect(within(screen.getByRole('tabpanel', { name: 'Image' })).getByLabelText<HTMLSelectElement>('Model').value).toBe('painter-hd');
  });
});

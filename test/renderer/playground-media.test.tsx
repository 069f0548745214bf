// The playground's Speech and Image tabs: what they send, and the audio and image they give back.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import PlaygroundPage from '../../renderer/pages/playground/PlaygroundPage.js';
import { send, stubPlayground } from './helpers/playground.js';

const MODELS = [
  { name: 'chatty', families: ['chat'] },
  { name: 'painter', families: ['images'] },
  { name: 'voice-1', families: ['audio'] },
];
const MP3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
const PNG_B64 = 'iVBORw0KGgoAAAANSUhEUg==';

/** Opens the playground on `tab`, its model list loaded; the relay answers media calls with `answers`. */
async function openTab(tab: 'Image' | 'Speech', answers: (() => Response)[]) {
  const relay = stubPlayground(answers);
  relay.api.on('GET /api/models', MODELS);
  render(<PlaygroundPage />);
  await screen.findByRole('option', { name: 'chatty' });
  await userEvent.click(screen.getByRole('tab', { name: tab }));
  return { posted: relay.posted, panel: screen.getByRole('tabpanel', { name: tab }) };
}

beforeEach(() => {
  localStorage.clear();
});

describe('Playground: Speech', () => {
  it('sends the text and voice to /pg/audio/speech, then plays the audio and offers it as a download', async () => {
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:speech-1');
    const { posted, panel } = await openTab('Speech', [() => new Response(MP3, { headers: { 'Content-Type': 'audio/mpeg' } })]);
    expect(within(panel).getAllByRole('option').map((o) => o.textContent)).toContain('voice-1');
    expect(within(panel).queryByRole('option', { name: 'painter' })).toBeNull();
    await userEvent.selectOptions(within(panel).getByLabelText('Voice'), 'nova');
    await userEvent.type(within(panel).getByLabelText('Text to speak'), 'Hello there');
    await userEvent.click(within(panel).getByRole('button', { name: 'Generate speech' }));

    const audio = await screen.findByTestId('pg-audio');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.path).toBe('/pg/audio/speech');
    expect(posted[0]!.body).toEqual({ model: 'voice-1', input: 'Hello there', voice: 'nova', response_format: 'mp3' });
    const blob = objectUrl.mock.calls[0]![0] as Blob;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(MP3);
    expect(audio.getAttribute('src')).toBe('blob:speech-1');
    expect(audio.hasAttribute('controls')).toBe(true);
    const download = within(panel).getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('blob:speech-1');
    expect(download.getAttribute('download')).toBe('speech.mp3');
  });

  it('says why when the relay refuses, and offers no audio', async () => {
    const { panel } = await openTab('Speech', [() => Response.json({ error: { message: 'No channel serves voice-1.' } }, { status: 503 })]);
    await userEvent.type(within(panel).getByLabelText('Text to speak'), 'Hello');
    await userEvent.click(within(panel).getByRole('button', { name: 'Generate speech' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('No channel serves voice-1.');
    expect(screen.queryByTestId('pg-audio')).toBeNull();
  });
});

describe('Playground: Image', () => {
  it('sends the prompt and size to /pg/images/generations and shows the image, described by the prompt the model used', async () => {
    const { posted, panel } = await openTab('Image', [() => Response.json({ data: [{ b64_json: PNG_B64, revised_prompt: 'A red fox in fresh snow' }] })]);
    await userEvent.selectOptions(within(panel).getByLabelText('Size'), '512x512');
    await userEvent.type(within(panel).getByLabelText('Prompt'), 'a fox');
    await userEvent.click(within(panel).getByRole('button', { name: 'Generate image' }));

    const image = await within(panel).findByRole('img', { name: 'A red fox in fresh snow' });
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${PNG_B64}`);
    expect(within(panel).getByText('A red fox in fresh snow', { selector: 'figcaption' })).toBeTruthy();
    expect(posted[0]!.path).toBe('/pg/images/generations');
    expect(posted[0]!.body).toEqual({ model: 'painter', prompt: 'a fox', size: '512x512', n: 1, response_format: 'b64_json' });
  });

  it('with a pasted key, calls /v1/images/generations with it; an image hosted by the provider is a link', async () => {
    const relay = stubPlayground([() => Response.json({ data: [{ url: 'https://images.example/fox.png' }] })]);
    relay.api.on('GET /api/models', MODELS);
    render(<PlaygroundPage />);
    await screen.findByRole('option', { name: 'chatty' });
    await userEvent.type(screen.getByLabelText('API key (optional)'), 'sk-media');
    await userEvent.click(screen.getByRole('tab', { name: 'Image' }));
    const panel = screen.getByRole('tabpanel', { name: 'Image' });
    await userEvent.type(within(panel).getByLabelText('Prompt'), 'a fox');
    await userEvent.click(within(panel).getByRole('button', { name: 'Generate image' }));

    const link = await within(panel).findByRole('link', { name: 'Open image 1 (hosted by the provider)' });
    expect(link.getAttribute('href')).toBe('https://images.example/fox.png');
    expect(relay.posted[0]!.path).toBe('/v1/images/generations');
    expect(relay.posted[0]!.headers.Authorization).toBe('Bearer sk-media');
  });

  it('an image and its prompt stay in the Image tab: turning to Speech shows neither', async () => {
    const { panel } = await openTab('Image', [() => Response.json({ data: [{ b64_json: PNG_B64 }] })]);
    await userEvent.type(within(panel).getByLabelText('Prompt'), 'a fox');
    await userEvent.click(within(panel).getByRole('button', { name: 'Generate image' }));
    await screen.findByTestId('pg-images');

    await userEvent.click(screen.getByRole('tab', { name: 'Speech' }));
    const speech = screen.getByRole('tabpanel', { name: 'Speech' });
    expect(within(speech).queryByRole('img')).toBeNull();
    expect(screen.queryByTestId('pg-images')).toBeNull();
    expect(within(speech).getByLabelText<HTMLTextAreaElement>('Text to speak').value).toBe('');
    expect(within(speech).getByLabelText<HTMLSelectElement>('Model').value).toBe('voice-1');
  });

  it('a pasted API key is still in its field, and still used, after a visit to the Image tab', async () => {
    const relay = stubPlayground([() => Response.json({ error: { message: 'key refused' } }, { status: 429 })]);
    relay.api.on('GET /api/models', MODELS);
    render(<PlaygroundPage />);
    await screen.findByRole('option', { name: 'chatty' });
    await userEvent.type(screen.getByLabelText('API key (optional)'), 'sk-media');
    await userEvent.click(screen.getByRole('tab', { name: 'Image' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Chat' }));
    const field = screen.getByLabelText<HTMLInputElement>('API key (optional)');
    expect(field.value).toBe('sk-media');
    expect(field.getAttribute('value')).toBeNull(); // not written into the page's markup
    await send('hello');
    await screen.findByText('key refused');
    expect(relay.posted.at(-1)!.headers.Authorization).toBe('Bearer sk-media');
  });
});

import type { ContentPart, Message } from '../../ir/chat-request.js';
import { decodeThoughtSignature } from '../../wire/gemini/thought-signature.js';
import { invalid, isObject, optionalBoolean, optionalString, requireObject } from '../validate.js';
import type { Json } from '../validate.js';

/** `systemInstruction` (a string or text parts) → one leading IR system message. */
export function decodeSystemInstruction(input: unknown): Message | undefined {
  if (input === undefined || input === null) return undefined;
  if (typeof input === 'string') return input ? { role: 'system', content: [{ type: 'text', text: input }] } : undefined;
  const instruction = requireObject(input, 'systemInstruction');
  const parts = instruction.parts;
  if (parts === undefined || parts === null) return undefined;
  if (!Array.isArray(parts)) throw invalid('systemInstruction.parts', "Invalid type for 'systemInstruction.parts': expected an array.", 'invalid_type');
  const content: ContentPart[] = [];
  parts.forEach((raw, i) => {
    const path = `systemInstruction.parts[${i}]`;
    const part = requireObject(raw, path);
    const text = optionalString(part, 'text', `${path}.text`);
    if (text === undefined) throw invalid(path, `Invalid value for '${path}': a system instruction takes text parts only.`);
    if (text) content.push({ type: 'text', text });
  });
  return content.length ? { role: 'system', content } : undefined;
}

interface OpenCall {
  id: string;
  name: string;
}

/**
 * `contents` → IR messages, in order. `model` turns become assistant messages (thought parts
 * → reasoning, functionCall → tool calls); `user` turns become user messages, with their
 * functionResponse parts split out into tool messages where they stand. A call without an
 * `id` gets one derived from its position (the same in every later request of the
 * conversation), and a response without an `id` takes the id of the earliest unanswered
 * call of the same name.
 */
export class ContentsDecoder {
  private readonly open: OpenCall[] = [];

  constructor(private readonly warnings: string[]) {}

  decode(contents: unknown[]): Message[] {
    const messages: Message[] = [];
    contents.forEach((raw, i) => {
      const path = `contents[${i}]`;
      const content = requireObject(raw, path);
      const role = optionalString(content, 'role', `${path}.role`) ?? 'user';
      if (role !== 'user' && role !== 'model' && role !== 'function') {
        throw invalid(`${path}.role`, `Invalid value for '${path}.role': expected 'user' or 'model', but got ${JSON.stringify(role)}.`);
      }
      const parts = content.parts ?? [];
      if (!Array.isArray(parts)) throw invalid(`${path}.parts`, `Invalid type for '${path}.parts': expected an array.`, 'invalid_type');
      if (role === 'model') {
        const decoded = this.modelParts(parts, i);
        if (decoded.length) messages.push({ role: 'assistant', content: decoded });
      } else {
        messages.push(...this.userMessages(parts, i));
      }
    });
    return messages;
  }

  private modelParts(parts: unknown[], contentIndex: number): ContentPart[] {
    const out: ContentPart[] = [];
    parts.forEach((raw, j) => {
      const path = `contents[${contentIndex}].parts[${j}]`;
      const part = requireObject(raw, path);
      const signature = optionalString(part, 'thoughtSignature', `${path}.thoughtSignature`) || undefined;
      const thought = optionalBoolean(part, 'thought', `${path}.thought`) ?? false;
      const text = optionalString(part, 'text', `${path}.text`);
      const envelope = signature ? decodeThoughtSignature(signature) : undefined;
      if (envelope) {
        // The relay's own envelope: the reasoning it wraps replaces the thought summaries the
        // client may have echoed just before (the same reasoning, without its signature).
        while (isUnsignedReasoning(out.at(-1))) out.pop();
        for (const block of envelope) {
          const reasoning: ContentPart = { type: 'reasoning', text: block.text };
          if (block.signature !== undefined) reasoning.signature = block.signature;
          if (block.redacted !== undefined) reasoning.redacted = block.redacted;
          out.push(reasoning);
        }
      }
      const plain = envelope ? undefined : signature;

      if (part.functionCall !== undefined && part.functionCall !== null) {
        const call = requireObject(part.functionCall, `${path}.functionCall`);
        const name = optionalString(call, 'name', `${path}.functionCall.name`);
        if (!name) throw invalid(`${path}.functionCall.name`, `Missing required parameter: '${path}.functionCall.name'.`, 'missing_required_parameter');
        const args = call.args ?? {};
        if (!isObject(args)) throw invalid(`${path}.functionCall.args`, `Invalid type for '${path}.functionCall.args': expected an object.`, 'invalid_type');
        const id = optionalString(call, 'id', `${path}.functionCall.id`) || `call_${contentIndex}_${j}`;
        this.open.push({ id, name });
        const decoded: ContentPart = { type: 'tool-call', id, name, arguments: JSON.stringify(args) };
        if (plain) decoded.signature = plain;
        out.push(decoded);
      } else if (text !== undefined && thought) {
        const last = out.at(-1);
        if (isUnsignedReasoning(last)) last.text += text;
        else out.push({ type: 'reasoning', text });
        if (plain) (out.at(-1) as Extract<ContentPart, { type: 'reasoning' }>).signature = plain;
      } else if (text !== undefined) {
        if (plain) {
          // Gemini puts the signature of its thinking on the part after it.
          const last = out.at(-1);
          if (isUnsignedReasoning(last)) last.signature = plain;
          else out.push({ type: 'reasoning', text: '', signature: plain });
        }
        if (text === '') return;
        const last = out.at(-1);
        if (last?.type === 'text') last.text += text;
        else out.push({ type: 'text', text });
      } else {
        if (plain) out.push({ type: 'reasoning', text: '', signature: plain });
        const media = mediaPart(part, path);
        if (media) out.push(media);
        else if (part.functionResponse !== undefined) this.warnings.push(`${path}: a functionResponse in a model turn was dropped`);
        else this.noteUnknown(part, path);
      }
    });
    return out;
  }

  /** A user turn: runs of functionResponse parts become tool messages, the rest user messages. */
  private userMessages(parts: unknown[], contentIndex: number): Message[] {
    const messages: Message[] = [];
    const push = (role: 'user' | 'tool', part: ContentPart) => {
      const last = messages.at(-1);
      if (last?.role === role) last.content.push(part);
      else messages.push({ role, content: [part] });
    };
    parts.forEach((raw, j) => {
      const path = `contents[${contentIndex}].parts[${j}]`;
      const part = requireObject(raw, path);
      optionalString(part, 'thoughtSignature', `${path}.thoughtSignature`);
      const text = optionalString(part, 'text', `${path}.text`);
      if (part.functionResponse !== undefined && part.functionResponse !== null) {
        push('tool', this.toolResult(requireObject(part.functionResponse, `${path}.functionResponse`), `${path}.functionResponse`, `result_${contentIndex}_${j}`));
      } else if (text !== undefined) {
        if (optionalBoolean(part, 'thought', `${path}.thought`)) return;
        if (text) push('user', { type: 'text', text });
      } else {
        const media = mediaPart(part, path);
        if (media) push('user', media);
        else if (part.functionCall !== undefined) this.warnings.push(`${path}: a functionCall in a user turn was dropped`);
        else this.noteUnknown(part, path);
      }
    });
    return messages;
  }

  private toolResult(response: Json, path: string, fallbackId: string): ContentPart {
    const givenName = optionalString(response, 'name', `${path}.name`);
    const givenId = optionalString(response, 'id', `${path}.id`);
    const payload = response.response ?? {};
    if (!isObject(payload)) throw invalid(`${path}.response`, `Invalid type for '${path}.response': expected an object.`, 'invalid_type');

    let index = givenId ? this.open.findIndex((call) => call.id === givenId) : -1;
    if (index < 0 && givenName) index = this.open.findIndex((call) => call.name === givenName);
    const call = index >= 0 ? this.open.splice(index, 1)[0] : undefined;
    const name = givenName || call?.name;
    if (!name) throw invalid(`${path}.name`, `Missing required parameter: '${path}.name'.`, 'missing_required_parameter');
    let callId = call?.id ?? givenId;
    if (!callId) {
      callId = fallbackId;
      this.warnings.push(`${path}: the function response for ${name} matches no earlier function call`);
    }

    const result: ContentPart = { type: 'tool-result', callId, name, content: JSON.stringify(payload) };
    // `{output: "…"}` (Gemini CLI), `{result: "…"}`, `{content: "…"}`: the text is the result;
    // `{error: "…"}` is a failed call.
    const keys = Object.keys(payload);
    const only = keys.length === 1 ? payload[keys[0]!] : undefined;
    if (typeof only === 'string') {
      if (keys[0] === 'error') {
        result.content = only;
        result.isError = true;
      } else if (keys[0] === 'output' || keys[0] === 'result' || keys[0] === 'content') {
        result.content = only;
      }
    }
    return result;
  }

  private noteUnknown(part: Json, path: string): void {
    const keys = Object.keys(part).filter((k) => k !== 'thoughtSignature' && k !== 'thought');
    if (keys.length) this.warnings.push(`${path}: a ${keys.join('/')} part is not supported by the relay and was dropped`);
  }
}

function isUnsignedReasoning(part: ContentPart | undefined): part is Extract<ContentPart, { type: 'reasoning' }> {
  return part?.type === 'reasoning' && part.signature === undefined && part.redacted === undefined;
}

/** inlineData / fileData → an IR image, audio or file part; undefined for any other part. */
function mediaPart(part: Json, path: string): ContentPart | undefined {
  if (part.inlineData !== undefined && part.inlineData !== null) {
    const blob = requireObject(part.inlineData, `${path}.inlineData`);
    const mimeType = optionalString(blob, 'mimeType', `${path}.inlineData.mimeType`) ?? '';
    const data = optionalString(blob, 'data', `${path}.inlineData.data`);
    if (data === undefined) throw invalid(`${path}.inlineData.data`, `Missing required parameter: '${path}.inlineData.data'.`, 'missing_required_parameter');
    if (mimeType.startsWith('image/')) return { type: 'image', source: { kind: 'data', mediaType: mimeType, data } };
    if (mimeType.startsWith('audio/')) return { type: 'audio', data, format: audioFormat(mimeType) };
    return mimeType ? { type: 'file', data, mediaType: mimeType } : { type: 'file', data };
  }
  if (part.fileData !== undefined && part.fileData !== null) {
    const file = requireObject(part.fileData, `${path}.fileData`);
    const mimeType = optionalString(file, 'mimeType', `${path}.fileData.mimeType`);
    const uri = optionalString(file, 'fileUri', `${path}.fileData.fileUri`);
    if (!uri) throw invalid(`${path}.fileData.fileUri`, `Missing required parameter: '${path}.fileData.fileUri'.`, 'missing_required_parameter');
    if (mimeType?.startsWith('image/')) return { type: 'image', source: { kind: 'url', url: uri } };
    return mimeType ? { type: 'file', url: uri, mediaType: mimeType } : { type: 'file', url: uri };
  }
  return undefined;
}

function audioFormat(mimeType: string): string {
  const subtype = mimeType.slice('audio/'.length).split(';')[0]!.toLowerCase();
  if (subtype === 'mpeg' || subtype === 'mp3') return 'mp3';
  if (subtype === 'x-wav' || subtype === 'wave') return 'wav';
  return subtype;
}

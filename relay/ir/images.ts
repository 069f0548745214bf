// The images family: generating images from a prompt, and editing uploaded ones,
// whichever body form and upstream they go through.
import type { FormFile } from './multipart-form.js';
import type { Usage } from './usage.js';

/** `url`: a link the upstream hosts; `b64_json`: the image inline. */
export type ImageResponseFormat = 'url' | 'b64_json';

/**
 * The body form a generation came in: OpenAI's (`prompt`, `n`, `size`…) or the image-model
 * form (`input.messages[]` of `{text}` contents, options under `parameters`).
 */
export type ImageBodyForm = 'openai' | 'messages';

export interface ImageRequest {
  operation: 'generate' | 'edit';
  model: string;
  prompt: string;
  /** Images asked for (default 1). */
  n: number;
  /** `1024x1024`, `auto`… as the client wrote it (the image-model form's `1328*1328` as `1328x1328`). */
  size?: string;
  quality?: string;
  style?: string;
  background?: string;
  outputFormat?: string;
  /** Absent: the upstream's default (a URL for DALL·E, always inline for gpt-image-1). */
  responseFormat?: ImageResponseFormat;
  bodyForm: ImageBodyForm;
  /** An edit's images in their order (`image` or `image[]` parts, as they came), and its mask. */
  images: FormFile[];
  mask?: FormFile;
  /** An edit's text fields in their order with their own names: what an upstream of the same wire is sent. */
  fields: [name: string, value: string][];
}

/** One image of an answer, as the upstream gave it. */
export interface ImageData {
  url?: string;
  b64_json?: string;
  revised_prompt?: string;
}

export interface ImageResult {
  /** Seconds since the epoch. */
  created: number;
  data: ImageData[];
  /** Tokens, when the upstream reports them (gpt-image-1, Gemini). */
  usage?: Usage;
  /** What the upstream says of the images made (gpt-image-1: `background`, `output_format`, `quality`, `size`). */
  extra?: Record<string, unknown>;
}

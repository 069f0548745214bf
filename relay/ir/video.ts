/** Where a video job stands: OpenAI's lifecycle, the one the relay answers in. */
export const VIDEO_STATUSES = ['queued', 'in_progress', 'completed', 'failed'] as const;

export type VideoStatus = (typeof VIDEO_STATUSES)[number];

export function isFinishedVideo(status: VideoStatus): boolean {
  return status === 'completed' || status === 'failed';
}

/** Why a video failed, as the job answers it. */
export interface VideoError {
  code: string;
  message: string;
}

/** A reference image or clip the video starts from: an uploaded file, or a URL / file id. */
export type VideoReference = { file: { filename: string; contentType: string; bytes: Uint8Array } } | { imageUrl: string } | { fileId: string };

/** A request to generate a video, whichever wire it came on. */
export interface VideoRequest {
  model: string;
  prompt: string;
  /** Clip length asked (whole seconds): what is reserved and, unless the upstream says otherwise, billed. */
  seconds: number;
  /** `WIDTHxHEIGHT`, when asked. */
  size?: string;
  reference?: VideoReference;
}

/** One upstream job as its provider reports it. */
export interface VideoJob {
  /** The upstream's own id (never shown to clients). */
  id: string;
  status: VideoStatus;
  /** 0–100. */
  progress: number;
  /** The clip's length as the upstream reports it, when it does. */
  seconds?: number;
  size?: string;
  error?: VideoError;
  /** Unix seconds, when the upstream gives them. */
  completedAt?: number;
  expiresAt?: number;
}

/** A relay video task as its caller sees it: the relay's own id, never the upstream's. */
export interface VideoTaskView {
  id: string;
  model: string;
  status: VideoStatus;
  progress: number;
  /** ms. */
  createdAt: number;
  /** ms; 0 until it ends. */
  finishedAt: number;
  /** Unix seconds; 0 unknown. */
  expiresAt: number;
  /** Whole seconds, as text. */
  seconds: string;
  size: string;
  error: VideoError | null;
}

/** A page of a caller's tasks (`after` an id, `limit` of them, oldest or newest first). */
export interface VideoListQuery {
  limit: number;
  after?: string;
  order: 'asc' | 'desc';
}

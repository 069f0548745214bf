export type UnifiedFinishReason = 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'error' | 'other';

/** The normalised reason, with the provider's own word kept beside it. */
export interface FinishReason {
  unified: UnifiedFinishReason;
  raw?: string;
}

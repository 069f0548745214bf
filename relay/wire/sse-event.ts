/** One server-sent event as the upstream framed it (http/sse-decoder.ts frames them; adapters read them). */
export interface SseEvent {
  event?: string;
  data: string;
}

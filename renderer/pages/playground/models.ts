// Which models each playground tab offers (by the call families their channels serve), and
// the last one used in each tab, remembered in this browser.
import type { UsableModel } from '../../api/playground.js';

export type PlaygroundTab = 'chat' | 'images' | 'speech';

/** The call family each tab calls. */
const FAMILY: Record<PlaygroundTab, string> = { chat: 'chat', images: 'images', speech: 'audio' };

/** The models of the tab's family (a model whose families are not told is offered everywhere). */
export function modelsOf(models: UsableModel[], tab: PlaygroundTab): UsableModel[] {
  return models.filter((m) => !Array.isArray(m.families) || m.families.includes(FAMILY[tab]));
}

const storageKey = (tab: PlaygroundTab) => `relaydesk.playground.model.${tab}`;

export function rememberedModel(tab: PlaygroundTab): string {
  try {
    return localStorage.getItem(storageKey(tab)) ?? '';
  } catch {
    return '';
  }
}

export function rememberModel(tab: PlaygroundTab, model: string): void {
  try {
    if (model) localStorage.setItem(storageKey(tab), model);
  } catch {
    // Storage may be off (private windows): remembered for this page only.
  }
}

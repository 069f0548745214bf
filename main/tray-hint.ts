import { Notification } from 'electron';

export const TRAY_HINT_TITLE = 'Relaydesk is still running';

/** Where to find the hidden console again and how to quit, in this OS's words. */
export function trayHintBody(platform: NodeJS.Platform = process.platform): string {
  const keeps = 'It keeps serving your agents.';
  if (platform === 'darwin') {
    return `${keeps} Click Relaydesk in the Dock or its menu bar icon to open the console again; quit it from that icon's menu or with ⌘Q.`;
  }
  if (platform === 'win32') {
    return `${keeps} Open the console again from the Relaydesk icon in the notification area, or by starting Relaydesk again; quit it from that icon's menu.`;
  }
  // Some Linux desktops (GNOME without AppIndicator) show no tray icon at all.
  return `${keeps} Open the console again from the Relaydesk tray icon, or by starting Relaydesk again; quit it from the tray icon's menu, or with Ctrl+Q in the console window.`;
}

/**
 * Tells, once, that closing the window left Relaydesk running: on a desktop whose tray is
 * not visible the window would otherwise just vanish. Clicking it opens the console.
 * Answers the notification (keep a reference, or its click handler may be collected), or
 * null when this system shows no notifications.
 */
export function showTrayHint(openConsole: () => void): Notification | null {
  if (!Notification.isSupported()) return null;
  const notification = new Notification({ title: TRAY_HINT_TITLE, body: trayHintBody(), silent: true });
  notification.on('click', openConsole);
  notification.show();
  return notification;
}

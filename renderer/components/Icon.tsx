// A few line icons (inline SVG: nothing fetched). Unknown names draw a dot.
const PATHS: Record<string, string> = {
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  menu: 'M4 6h16M4 12h16M4 18h16',
  key: 'M14 10a4 4 0 1 0-3.9 4.9L12 17h2v2h2v2h4v-4l-6.1-6.1A4 4 0 0 0 14 10zM8 10h.01',
  plug: 'M9 2v6M15 2v6M6 8h12v4a6 6 0 0 1-12 0V8zM12 18v4',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  list: 'M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01',
  chat: 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z',
  user: 'M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  wallet: 'M3 7h15a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7zM3 7l12-4v4M16 13h.01',
  tag: 'M20 12l-8 8-9-9V3h8l9 9zM7.5 7.5h.01',
  settings: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12h2M3 12h2M12 3v2M12 19v2M17 7l1.5-1.5M5.5 18.5L7 17M17 17l1.5 1.5M5.5 5.5L7 7',
};

export function Icon({ name }: { name: string | undefined }) {
  const path = name !== undefined ? PATHS[name] : undefined;
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {path !== undefined ? <path d={path} /> : <circle cx="12" cy="12" r="2" />}
    </svg>
  );
}

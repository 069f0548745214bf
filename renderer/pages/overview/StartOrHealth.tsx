// The top of the overview: a getting-started checklist until the relay has a channel and the
// user has a key (each step links to where it is done), then the relay's health: channels up,
// cooling down and disabled (administrators), and today's calls, spend and errors.
import { useEffect, useState } from 'react';
import type { UserView } from '../../api/user.js';
import { listChannels, type ChannelView } from '../../api/channels.js';
import { getUsage } from '../../api/stats.js';
import { listTokens } from '../../api/tokens.js';
import { Alert } from '../../components/Alert.js';
import { Link } from '../../lib/router.js';
import { formatNumber, formatUsd } from '../../lib/money.js';
import { isAdmin } from '../../lib/roles.js';
import { errorRate, formatRate, localTimeZone } from '../dashboard/day-data.js';

interface ChannelHealth {
  total: number;
  up: number;
  cooling: number;
  disabled: number;
}

interface Facts {
  /** null: not an administrator (channels are theirs to see). */
  channels: ChannelHealth | null;
  keys: number;
  today: { requests: number; errors: number; quota: number };
}

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; facts: Facts };

/** Every channel, a page of 100 at a time (the most the API answers at once). */
async function allChannels(): Promise<ChannelView[]> {
  const out: ChannelView[] = [];
  for (let page = 1; page <= 50; page++) {
    const answer = await listChannels(page, 100);
    out.push(...answer.items);
    if (out.length >= answer.total || answer.items.length === 0) break;
  }
  return out;
}

export function channelHealth(channels: ChannelView[], now = Date.now()): ChannelHealth {
  const disabled = channels.filter((c) => c.status !== 1).length;
  const cooling = channels.filter((c) => c.status === 1 && c.cooldown_until > now).length;
  return { total: channels.length, up: channels.length - disabled - cooling, cooling, disabled };
}

async function loadFacts(admin: boolean): Promise<Facts> {
  const now = new Date();
  const midnight = Math.floor(new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime() / 1000);
  const [channels, keys, usage] = await Promise.all([
    admin ? allChannels().then((list) => channelHealth(list)) : Promise.resolve(null),
    listTokens(1, 1).then((page) => page.total),
    getUsage(midnight, Math.floor(now.getTime() / 1000), admin ? 'everyone' : 'mine', localTimeZone()),
  ]);
  return { channels, keys, today: usage.totals };
}

export function StartOrHealth({ user }: { user: Pick<UserView, 'role'> }) {
  const admin = isAdmin(user);
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadFacts(admin)
      .then((facts) => live && setState({ status: 'ready', facts }))
      .catch((error: unknown) => live && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }));
    return () => {
      live = false;
    };
  }, [admin]);

  if (state.status === 'loading') return <p className="loading">Checking the relay…</p>;
  if (state.status === 'error') return <Alert tone="error">Couldn't read the relay's state: {state.message}</Alert>;
  const { facts } = state;
  const hasChannel = facts.channels === null || facts.channels.total > 0;
  if (!hasChannel || facts.keys === 0) return <Checklist facts={facts} />;
  return <Health facts={facts} />;
}

function Checklist({ facts }: { facts: Facts }) {
  const steps = [
    ...(facts.channels !== null
      ? [{ id: 'channel', done: facts.channels.total > 0, text: 'Add a channel: an upstream provider and its key', link: '/channels', action: 'Go to Channels' }]
      : []),
    { id: 'key', done: facts.keys > 0, text: 'Create an API key for your clients', link: '/keys', action: 'Go to API keys' },
    { id: 'call', done: false, text: 'Send a first call from the playground, or point a client at the base URL below', link: '/playground', action: 'Open the playground' },
  ];
  return (
    <section className="card" aria-labelledby="start-title" data-testid="getting-started">
      <h2 id="start-title">Getting started</h2>
      <ol className="checklist">
        {steps.map((step) => (
          <li key={step.id} className={step.done ? 'checklist__step checklist__step--done' : 'checklist__step'} data-testid={`step-${step.id}`}>
            <span className="checklist__mark" aria-hidden="true">
              {step.done ? '✓' : '○'}
            </span>
            <span>
              {step.text}
              <span className="visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
            </span>
            {!step.done && (
              <Link to={step.link} className="button button--secondary button--small">
                {step.action}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Health({ facts }: { facts: Facts }) {
  const figures: { id: string; label: string; value: string; tone?: string }[] = [];
  if (facts.channels !== null) {
    figures.push(
      { id: 'channels-up', label: 'Channels up', value: `${formatNumber(facts.channels.up)} of ${formatNumber(facts.channels.total)}`, tone: facts.channels.up > 0 ? 'ok' : 'warn' },
      { id: 'channels-cooling', label: 'Cooling down', value: formatNumber(facts.channels.cooling), ...(facts.channels.cooling > 0 ? { tone: 'warn' } : {}) },
      { id: 'channels-disabled', label: 'Disabled', value: formatNumber(facts.channels.disabled), ...(facts.channels.disabled > 0 ? { tone: 'off' } : {}) },
    );
  }
  const { today } = facts;
  figures.push(
    { id: 'today-calls', label: 'Calls today', value: formatNumber(today.requests + today.errors) },
    { id: 'today-spend', label: 'Spent today (USD)', value: formatUsd(today.quota) },
    { id: 'today-errors', label: 'Errors today', value: `${formatNumber(today.errors)} (${formatRate(errorRate(today))})`, ...(today.errors > 0 ? { tone: 'warn' } : {}) },
  );
  return (
    <section className="card" aria-labelledby="health-title" data-testid="health">
      <h2 id="health-title">Health</h2>
      <dl className="health">
        {figures.map((figure) => (
          <div key={figure.id} className={figure.tone ? `health__item health__item--${figure.tone}` : 'health__item'} data-testid={figure.id}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">
        More in the <Link to="/dashboard">dashboard</Link>
        {facts.channels !== null && (
          <>
            {' '}
            and under <Link to="/channels">Channels</Link>
          </>
        )}
        .
      </p>
    </section>
  );
}

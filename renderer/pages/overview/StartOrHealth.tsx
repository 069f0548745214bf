// The top of the overview: a getting-started checklist until the relay has a channel and the
// user has a key (each step links to where it is done), then the relay's health: channels up,
// cooling down and disabled (administrators), and today's calls, spend and errors.
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('operators');
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

  if (state.status === 'loading') return <p className="loading">{t('overview.checking')}</p>;
  if (state.status === 'error') return <Alert tone="error">{t('overview.failed', { message: state.message })}</Alert>;
  const { facts } = state;
  const hasChannel = facts.channels === null || facts.channels.total > 0;
  if (!hasChannel || facts.keys === 0) return <Checklist facts={facts} />;
  return <Health facts={facts} />;
}

function Checklist({ facts }: { facts: Facts }) {
  const { t } = useTranslation('operators');
  const steps = [
    ...(facts.channels !== null
      ? [{ id: 'channel', done: facts.channels.total > 0, text: t('overview.stepChannel'), link: '/channels', action: t('overview.stepChannelAction') }]
      : []),
    { id: 'key', done: facts.keys > 0, text: t('overview.stepKey'), link: '/keys', action: t('overview.stepKeyAction') },
    { id: 'call', done: false, text: t('overview.stepCall'), link: '/playground', action: t('overview.stepCallAction') },
  ];
  return (
    <section className="card" aria-labelledby="start-title" data-testid="getting-started">
      <h2 id="start-title">{t('overview.startTitle')}</h2>
      <ol className="checklist">
        {steps.map((step) => (
          <li key={step.id} className={step.done ? 'checklist__step checklist__step--done' : 'checklist__step'} data-testid={`step-${step.id}`}>
            <span className="checklist__mark" aria-hidden="true">
              {step.done ? '✓' : '○'}
            </span>
            <span>
              {step.text}
              <span className="visually-hidden">{step.done ? t('overview.done') : t('overview.toDo')}</span>
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
  const { t } = useTranslation('operators');
  const figures: { id: string; label: string; value: string; tone?: string }[] = [];
  if (facts.channels !== null) {
    figures.push(
      { id: 'channels-up', label: t('overview.channelsUp'), value: t('overview.channelsUpValue', { up: formatNumber(facts.channels.up), total: formatNumber(facts.channels.total) }), tone: facts.channels.up > 0 ? 'ok' : 'warn' },
      { id: 'channels-cooling', label: t('overview.coolingDown'), value: formatNumber(facts.channels.cooling), ...(facts.channels.cooling > 0 ? { tone: 'warn' } : {}) },
      { id: 'channels-disabled', label: t('overview.disabled'), value: formatNumber(facts.channels.disabled), ...(facts.channels.disabled > 0 ? { tone: 'off' } : {}) },
    );
  }
  const { today } = facts;
  figures.push(
    { id: 'today-calls', label: t('overview.callsToday'), value: formatNumber(today.requests + today.errors) },
    { id: 'today-spend', label: t('overview.spentToday'), value: formatUsd(today.quota) },
    { id: 'today-errors', label: t('overview.errorsToday'), value: t('overview.errorsValue', { count: formatNumber(today.errors), rate: formatRate(errorRate(today)) }), ...(today.errors > 0 ? { tone: 'warn' } : {}) },
  );
  return (
    <section className="card" aria-labelledby="health-title" data-testid="health">
      <h2 id="health-title">{t('overview.healthTitle')}</h2>
      <dl className="health">
        {figures.map((figure) => (
          <div key={figure.id} className={figure.tone ? `health__item health__item--${figure.tone}` : 'health__item'} data-testid={figure.id}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">
        <Trans t={t} i18nKey={facts.channels !== null ? 'overview.moreDashboardChannels' : 'overview.moreDashboard'} components={{ dashboard: <Link to="/dashboard" />, channels: <Link to="/channels" /> }} />
      </p>
    </section>
  );
}

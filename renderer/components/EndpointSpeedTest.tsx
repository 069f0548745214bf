// The channel dialog's endpoint speed test: candidate base URLs timed with the channel's key
// (POST /api/channel/speed_test), fastest first; one of them can be taken as the base URL.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { speedTest, type SpeedTestRequest, type SpeedTestResult } from '../api/channels.js';
import { Alert } from './Alert.js';
import { TextAreaField } from './FormFields.js';

interface Props {
  /** The channel as the form has it (type, key or saved channel, headers, proxy), without base_url(s). */
  request: Omit<SpeedTestRequest, 'base_urls'>;
  /** The base URL in the form: the first candidate, marked when it is in use. */
  current: string;
  /** A new channel needs its key typed first. */
  needsKey: boolean;
  onUse: (baseUrl: string) => void;
  onClose: () => void;
}

export function EndpointSpeedTest({ request, current, needsKey, onUse, onClose }: Props) {
  const { t } = useTranslation('speed');
  const [urls, setUrls] = useState(current);
  const [results, setResults] = useState<SpeedTestResult[] | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inUse = current.trim().replace(/\/+$/, '');

  async function run() {
    setError(null);
    const list = urls.split('\n').map((line) => line.trim()).filter(Boolean);
    if (list.length === 0) return setError(t('needUrls'));
    if (needsKey) return setError(t('needKey'));
    setRunning(true);
    try {
      setResults(await speedTest({ ...request, base_urls: list }));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('failed'));
    } finally {
      setRunning(false);
    }
  }

  return (
    <fieldset className="picker speed-test" aria-label={t('legend')}>
      <legend>{t('legend')}</legend>
      <TextAreaField label={t('urls')} name="speed_urls" rows={3} mono spellCheck={false} value={urls} onChange={(e) => setUrls(e.currentTarget.value)} hint={t('urlsHint')} />
      <div className="actions">
        <button type="button" className="button button--secondary button--small" onClick={() => void run()} disabled={running}>
          {running ? t('running') : t('run')}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      {error !== null && <Alert tone="error">{error}</Alert>}
      {results !== null && (
        <table className="table speed-test__results">
          <thead>
            <tr>
              <th scope="col">{t('url')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('time')}</th>
              <th scope="col" aria-label={t('use')} />
            </tr>
          </thead>
          <tbody>
            {results.map((result) => (
              <tr key={result.base_url}>
                <td className="mono">{result.base_url}</td>
                <td title={result.error || undefined}>{result.status === 0 ? t('noAnswer') : result.status}</td>
                <td>{result.ms === null ? '—' : t('ms', { ms: result.ms })}</td>
                <td>
                  {result.base_url === inUse ? (
                    t('inUse')
                  ) : (
                    <button type="button" className="button button--secondary button--small" onClick={() => onUse(result.base_url)}>
                      {t('use')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </fieldset>
  );
}

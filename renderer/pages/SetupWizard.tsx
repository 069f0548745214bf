import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusData, UserView } from '../../relay/management/contract.js';
import { moveWizard, type WizardState } from '../api/status.js';
import type { NewKey } from '../api/tokens.js';
import { messageOf } from '../hooks/use-list.js';
import { Alert } from '../components/Alert.js';
import { AuthLayout } from '../components/AuthLayout.js';
import { ChannelDialog } from '../components/ChannelDialog.js';
import { CreateKeyDialog, NewKeyDialog } from '../components/KeyDialogs.js';
import { WizardSteps } from '../components/WizardSteps.js';

interface Props {
  status: StatusData;
  /** The owner, signed in. */
  user: UserView;
  /** Where the wizard stands (the relay keeps it: a reload, or another browser, resumes it here). */
  resume: WizardState;
  /** The wizard is over (done or skipped): show the console. */
  onFinished: () => void;
}

/**
 * First-run wizard, steps 2 and 3, once the owner account is made: add a first channel, then
 * a first key (shown once with client setup). Both can be skipped; the relay records each
 * step passed, so the wizard resumes where it stopped until it is finished or skipped.
 */
export function SetupWizard({ status, user, resume, onFinished }: Props) {
  const [step, setStep] = useState<2 | 3>(resume.step === 'key' ? 3 : 2);
  const [notice, setNotice] = useState<string | null>(null);
  const { t } = useTranslation('setup');
  const [skippedChannel, setSkippedChannel] = useState(resume.channel_skipped);
  const [moving, setMoving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [addingChannel, setAddingChannel] = useState(false);
  const [creatingKey, setCreatingKey] = useState(false);
  const [fresh, setFresh] = useState<{ key: NewKey; model: string } | null>(null);

  /** Tells the relay the wizard moved on ('key': the channel step skipped; 'done': over), then shows where. */
  async function moveOn(to: 'key' | 'done') {
    setMoving(true);
    setFailure(null);
    try {
      await moveWizard(to);
    } catch (caught) {
      setFailure(messageOf(caught, t('wizard.saveFailed')));
      setMoving(false);
      return;
    }
    setMoving(false);
    if (to === 'done') onFinished();
    else {
      setNotice(null);
      setSkippedChannel(true);
      setStep(3);
    }
  }

  /**
   * The key is made: the wizard is over. Recorded so that deleting the key later does not bring
   * the wizard back; if that fails the relay still ends it on its next look (the key exists).
   */
  async function keyShown() {
    await moveWizard('done').catch(() => undefined);
    onFinished();
  }

  return (
    <AuthLayout footer={<>Relaydesk {status.version}</>}>
      <WizardSteps current={step} skipped={skippedChannel ? [2] : []} />
      {failure !== null && <Alert tone="error">{failure}</Alert>}
      {step === 2 ? (
        <>
          <h1>{t('wizard.channelTitle')}</h1>
          <p className="lead">
            {t('wizard.channelLead')}
          </p>
          <div className="wizard__actions">
            <button type="button" className="button button--primary button--block" onClick={() => setAddingChannel(true)}>
              {t('wizard.addChannel')}
            </button>
            <button type="button" className="button button--secondary button--block" onClick={() => void moveOn('key')} disabled={moving}>
              {t('wizard.skip')}
            </button>
          </div>
        </>
      ) : (
        <>
          <h1>{t('wizard.keyTitle')}</h1>
          {notice !== null && <Alert tone="success">{notice}</Alert>}
          <p className="lead">{t('wizard.keyLead')}</p>
          <div className="wizard__actions">
            <button type="button" className="button button--primary button--block" onClick={() => setCreatingKey(true)}>
              {t('wizard.createKey')}
            </button>
            <button type="button" className="button button--secondary button--block" onClick={() => void moveOn('done')} disabled={moving}>
              {t('wizard.skip')}
            </button>
          </div>
        </>
      )}

      {addingChannel && (
        <ChannelDialog
          channel={null}
          onClose={() => setAddingChannel(false)}
          onSaved={(message) => {
            setAddingChannel(false);
            setNotice(message);
            setStep(3);
          }}
        />
      )}
      {creatingKey && (
        <CreateKeyDialog
          onClose={() => setCreatingKey(false)}
          onCreated={(key, model) => {
            setCreatingKey(false);
            setFresh({ key, model });
          }}
        />
      )}
      {fresh !== null && <NewKeyDialog created={fresh.key} model={fresh.model} replaced={false} user={user} onClose={() => void keyShown()} />}
    </AuthLayout>
  );
}

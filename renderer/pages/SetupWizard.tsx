import { useState } from 'react';
import type { StatusData, UserView } from '../../relay/management/contract.js';
import type { NewKey } from '../api/tokens.js';
import { Alert } from '../components/Alert.js';
import { AuthLayout } from '../components/AuthLayout.js';
import { ChannelDialog } from '../components/ChannelDialog.js';
import { CreateKeyDialog, NewKeyDialog } from '../components/KeyDialogs.js';
import { WizardSteps } from '../components/WizardSteps.js';

interface Props {
  status: StatusData;
  /** The owner, just signed in. */
  user: UserView;
  /** The wizard is over (done or skipped): show the console. */
  onFinished: () => void;
}

/**
 * First-run wizard, steps 2 and 3, right after the owner account is made and signed in:
 * add a first channel, then a first key (shown once with client setup). Both can be skipped.
 */
export function SetupWizard({ status, user, onFinished }: Props) {
  const [step, setStep] = useState<2 | 3>(2);
  const [notice, setNotice] = useState<string | null>(null);
  const [skippedChannel, setSkippedChannel] = useState(false);
  const [addingChannel, setAddingChannel] = useState(false);
  const [creatingKey, setCreatingKey] = useState(false);
  const [fresh, setFresh] = useState<{ key: NewKey; model: string } | null>(null);

  return (
    <AuthLayout footer={<>Relaydesk {status.version}</>}>
      <WizardSteps current={step} skipped={skippedChannel ? [2] : []} />
      {step === 2 ? (
        <>
          <h1>Add your first channel</h1>
          <p className="lead">
            A channel is an upstream provider — OpenAI, Anthropic, a local Ollama… — that this relay forwards calls to. Its keys go to the secret store.
          </p>
          <div className="wizard__actions">
            <button type="button" className="button button--primary button--block" onClick={() => setAddingChannel(true)}>
              Add a channel
            </button>
            <button type="button" className="button button--secondary button--block" onClick={() => { setNotice(null); setSkippedChannel(true); setStep(3); }}>
              Skip this step
            </button>
          </div>
        </>
      ) : (
        <>
          <h1>Create your first key</h1>
          {notice !== null && <Alert tone="success">{notice}</Alert>}
          <p className="lead">Clients call this relay with an API key. It is shown once, with the setup for Claude Code, Codex, curl and the SDKs.</p>
          <div className="wizard__actions">
            <button type="button" className="button button--primary button--block" onClick={() => setCreatingKey(true)}>
              Create a key
            </button>
            <button type="button" className="button button--secondary button--block" onClick={onFinished}>
              Skip this step
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
      {fresh !== null && <NewKeyDialog created={fresh.key} model={fresh.model} replaced={false} user={user} onClose={onFinished} />}
    </AuthLayout>
  );
}

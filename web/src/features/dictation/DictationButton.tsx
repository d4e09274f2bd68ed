import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MicIcon from '@mui/icons-material/Mic';
import MicNoneOutlinedIcon from '@mui/icons-material/MicNoneOutlined';
import { accountSetting } from '../../../../domain/accounts/settings';
import { notify } from '../../app/notifications/store';
import { fetchAccountConfig } from '../../lib/account-config';
import { DICTATION_LANG, type SpeechRecognitionLike, speechRecognition, transcriptOf } from './speech';

/** Whether the account offers dictation (account setting speechLaudo, spec 2). */
function useDictationAllowed(accountId: string | null): boolean {
  const q = useQuery({
    queryKey: ['account-config', accountId, 'dictation'],
    queryFn: async ({ signal }) => accountSetting(await fetchAccountConfig(accountId!, signal), 'speechLaudo'),
    enabled: Boolean(accountId),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  return q.data === true;
}

/**
 * The editor's dictation button (spec 2): speech in pt-BR becomes text at the cursor, through
 * the browser's own recognition; a browser without one says so (decision 026).
 */
export function DictationButton({ editor, accountId, disabled }: { editor: Editor; accountId: string | null; disabled: boolean }) {
  const { t } = useTranslation();
  const allowed = useDictationAllowed(accountId);
  const [listening, setListening] = useState(false);
  const [heard, setHeard] = useState('');
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const wanted = useRef(false);

  const stop = () => {
    wanted.current = false;
    recognition.current?.stop();
    recognition.current = null;
    setListening(false);
    setHeard('');
  };
  useEffect(() => () => stop(), []); // leaving the page stops the microphone

  if (!allowed) return null;
  const Recognition = speechRecognition();

  const start = () => {
    if (!Recognition) return;
    const r = new Recognition();
    r.lang = DICTATION_LANG;
    r.continuous = true;
    r.interimResults = true;
    r.onresult = (e) => {
      const { final, interim } = transcriptOf(e.results, e.resultIndex);
      if (final) editor.chain().focus().insertContent(`${final} `).run();
      setHeard(interim);
    };
    r.onerror = (e) => {
      if (e.error === 'no-speech' || e.error === 'aborted') return;
      notify(e.error === 'not-allowed' || e.error === 'service-not-allowed' ? t('dictation.micDenied') : t('dictation.failed'), 'error');
      stop();
    };
    // Recognition ends by itself after a silence: it goes on until the user stops it.
    r.onend = () => {
      if (wanted.current) r.start();
    };
    recognition.current = r;
    wanted.current = true;
    r.start();
    setListening(true);
  };

  const label = !Recognition ? t('dictation.unsupported') : listening ? t('dictation.stop') : t('dictation.start');
  return (
    <>
      <Tooltip title={label}>
        <span>
          <IconButton
            size="small"
            aria-label={label}
            aria-pressed={listening}
            color={listening ? 'error' : 'default'}
            disabled={disabled || !Recognition}
            onClick={() => (listening ? stop() : start())}
            data-testid="dictation-toggle"
          >
            {listening ? <MicIcon fontSize="small" /> : <MicNoneOutlinedIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      {listening && (
        <Typography variant="caption" color="text.secondary" aria-live="polite" data-testid="dictation-heard" sx={{ ml: 0.5 }}>
          {heard || t('dictation.listening')}
        </Typography>
      )}
    </>
  );
}

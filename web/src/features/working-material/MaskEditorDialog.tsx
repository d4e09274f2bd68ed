import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { useSessionData } from '../auth/session';
import { SaveActions } from '../catalog/SaveActions';
import { catalogKeys, fetchExams, fetchModalities } from '../catalog/api';
import { fetchAllInstitutions, institutionsKey } from '../institutions/api';
import { FormattingBar } from '../report/editor/FormattingBar';
import { PhrasePicker } from '../report/editor/PhrasePicker';
import { EditorCounter, ReportEditor } from '../report/editor/ReportEditor';
import { findPhraseByCode, phraseToHtml, type Phrase } from '../report/editor/phrases';
import { usePhrases } from '../report/use-editor-data';
import { type AdminMask, MASK_SCOPES, type MaskScope, createMask, materialKeys, updateMask } from './api';

/**
 * A mask: its section (own, institution, modality, exam), modality, default flag and the
 * text, written in the report's own editor (same extensions, toolbar, phrases and limits) so
 * what the mask holds is what a report started from it shows.
 */
export function MaskEditorDialog({ editing, onClose }: { editing: AdminMask | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const accountId = useSessionData().currentAccountId;
  const current = editing === 'new' ? null : editing;
  const [title, setTitle] = useState(current?.title ?? '');
  const [scope, setScope] = useState<MaskScope>(current?.scope ?? 'modality');
  const [modality, setModality] = useState(current?.modality ?? '');
  const [examType, setExamType] = useState(current?.examType ?? '');
  const [institutionId, setInstitutionId] = useState(current?.institutionId ?? '');
  const [isDefault, setIsDefault] = useState(current?.isDefault ?? false);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const modalities = useQuery({ queryKey: catalogKeys.modalities, queryFn: ({ signal }) => fetchModalities(signal) });
  const exams = useQuery({ queryKey: catalogKeys.exams, queryFn: ({ signal }) => fetchExams(signal) });
  const institutions = useQuery({ queryKey: [...institutionsKey, 'all'], queryFn: ({ signal }) => fetchAllInstitutions(signal) });
  const phrases = usePhrases(accountId, '');
  const phraseList = useRef<Phrase[]>([]);
  useEffect(() => {
    phraseList.current = phrases.data ?? [];
  }, [phrases.data]);
  const lookupPhrase = useCallback((code: string) => findPhraseByCode(phraseList.current, code)?.phrase ?? null, []);

  const save = useMutation({
    mutationFn: () => {
      const content = editor?.getHTML() ?? current?.content ?? '';
      if (current) {
        return updateMask(current.id, {
          title,
          modality,
          content,
          isDefault,
          ...(current.scope === 'exam' ? { examType } : {}),
        });
      }
      return createMask({
        title,
        modality,
        content,
        scope,
        isDefault,
        ...(scope === 'exam' ? { examType } : {}),
        ...(scope === 'institution' ? { institutionId } : {}),
      });
    },
    meta: { silent: true },
    onSuccess: () => {
      notify(t('catalog.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: materialKeys.masks });
      onClose();
    },
    onError: (err) => setError(describeError(err, t)),
  });
  const insertPhrase = (p: Phrase) => {
    setPicking(false);
    editor?.chain().focus().insertContent(phraseToHtml(p.phrase)).run();
  };
  const codes = [...new Set((modalities.data ?? []).map((m) => m.code))];
  if (modality && !codes.includes(modality)) codes.push(modality);
  const needsOwner = (scope === 'exam' && !examType) || (scope === 'institution' && !institutionId);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={fullScreen} data-testid="mask-dialog">
      <DialogTitle>{current ? t('material.masks.edit') : t('material.masks.create')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              label={t('material.masks.maskTitle')}
              value={title}
              autoFocus
              required
              onChange={(e) => setTitle(e.target.value)}
              sx={{ flex: 2 }}
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'mask-title' } }}
            />
            <TextField
              select
              required
              label={t('material.masks.modality')}
              value={modality}
              onChange={(e) => setModality(e.target.value)}
              sx={{ flex: 1, minWidth: 140 }}
              slotProps={{ htmlInput: { 'data-testid': 'mask-modality' } }}
            >
              {codes.map((c) => (
                <MenuItem key={c} value={c} data-testid={`mask-modality-option-${c}`}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('material.masks.scope')}
              value={scope}
              disabled={current !== null}
              onChange={(e) => setScope(e.target.value as MaskScope)}
              sx={{ flex: 1, minWidth: 180 }}
              slotProps={{ htmlInput: { 'data-testid': 'mask-scope' } }}
            >
              {MASK_SCOPES.map((s) => (
                <MenuItem key={s} value={s} data-testid={`mask-scope-option-${s}`}>
                  {t(`material.masks.scopes.${s}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            {scope === 'exam' && (
              <TextField
                select
                required
                label={t('material.masks.exam')}
                value={examType}
                onChange={(e) => setExamType(e.target.value)}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { 'data-testid': 'mask-exam' } }}
              >
                {(exams.data ?? []).map((x) => (
                  <MenuItem key={x.id} value={x.title}>
                    {x.title}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {scope === 'institution' && (
              <TextField
                select
                required
                label={t('material.masks.institution')}
                value={institutionId}
                disabled={current !== null}
                onChange={(e) => setInstitutionId(e.target.value)}
                sx={{ flex: 1 }}
              >
                {(institutions.data?.institutions ?? []).map((i) => (
                  <MenuItem key={i.id} value={i.id}>
                    {i.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <FormControlLabel
              control={<Switch checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} data-testid="mask-default" />}
              label={t('material.masks.isDefault')}
            />
          </Stack>
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            {editor && (
              <>
                <FormattingBar editor={editor} disabled={false} onPhrase={() => setPicking(true)} />
                <Divider />
              </>
            )}
            <Box sx={{ bgcolor: 'background.paper', '& .ProseMirror': { minHeight: { xs: 240, md: 320 } } }}>
              <ReportEditor initialContent={current?.content ?? ''} editable lookupPhrase={lookupPhrase} onEditor={setEditor} />
            </Box>
            {editor && (
              <Box sx={{ px: 2, py: 0.5 }}>
                <EditorCounter editor={editor} />
              </Box>
            )}
          </Paper>
          {error && (
            <Alert severity="error" data-testid="mask-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <SaveActions
        onCancel={onClose}
        onSave={() => save.mutate()}
        disabled={!title.trim() || !modality || needsOwner}
        saving={save.isPending}
        testId="mask-save"
      />
      {picking && <PhrasePicker open accountId={accountId} onPick={insertPhrase} onClose={() => setPicking(false)} />}
    </Dialog>
  );
}

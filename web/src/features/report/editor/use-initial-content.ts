import { useEffect, useState } from 'react';
import type { ReportView } from '../../../../../domain/studies/schemas';
import type { useEditorSources } from '../use-editor-data';
import { chooseInitialContent, type InitialContent } from './draft-content';
import type { EditMode } from './edit-mode';
import { readLocalDraft, type LocalDraft } from './local-drafts';

/**
 * The text the editor opens with: the saved report, the server's draft or this browser's copy
 * of unsent text (IndexedDB), chosen once all three have answered (null until then). Read-only,
 * it follows the saved text as it changes.
 */
export function useInitialContent(
  studyId: string,
  report: ReportView,
  mode: Pick<EditMode, 'editable' | 'field'>,
  sources: ReturnType<typeof useEditorSources>,
): InitialContent | null {
  // This browser's copy of unsent text (IndexedDB), read once.
  const [local, setLocal] = useState<{ value: LocalDraft | null } | null>(null);
  useEffect(() => {
    let live = true;
    if (!mode.editable) setLocal({ value: null });
    else void readLocalDraft(studyId).then((value) => live && setLocal({ value }));
    return () => {
      live = false;
    };
  }, [mode.editable, studyId]);
  const loaded = sources.content.isSuccess && (sources.draft.isSuccess || sources.draft.isError) && local !== null;
  const [initial, setInitial] = useState<InitialContent | null>(null);
  useEffect(() => {
    if (!loaded || (initial && mode.editable)) return;
    const next = chooseInitialContent({
      laudoId: report.laudoId,
      version: report.version,
      field: mode.field,
      reportUpdatedAt: report.updatedAt,
      saved: sources.content.data ?? null,
      draft: mode.editable ? (sources.draft.data ?? null) : null,
      local: mode.editable ? (local?.value ?? null) : null,
    });
    // Read-only, this runs again after each change of `initial`: keeping the same object when
    // nothing changed ends the loop (a new object every time re-rendered the page ~200×/s and
    // starved route transitions, so app-bar links never left the report page).
    setInitial((prev) =>
      prev &&
      prev.content === next.content &&
      prev.source === next.source &&
      prev.unsynced === next.unsynced &&
      prev.interrupted === next.interrupted &&
      prev.revision === next.revision
        ? prev
        : next,
    );
  }, [
    loaded,
    initial,
    mode.editable,
    mode.field,
    report.laudoId,
    report.version,
    report.updatedAt,
    sources.content.data,
    sources.draft.data,
    local,
  ]);

  return initial;
}

import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorState, type Editor } from '@tiptap/react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Tooltip from '@mui/material/Tooltip';
import FormatAlignCenterIcon from '@mui/icons-material/FormatAlignCenter';
import FormatAlignJustifyIcon from '@mui/icons-material/FormatAlignJustify';
import FormatAlignLeftIcon from '@mui/icons-material/FormatAlignLeft';
import FormatAlignRightIcon from '@mui/icons-material/FormatAlignRight';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import RedoIcon from '@mui/icons-material/Redo';
import ShortTextIcon from '@mui/icons-material/ShortText';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { FONT_SIZES } from './limits';
import { insertImageFiles } from './ReportEditor';

function Tool({
  label,
  active,
  disabled,
  onClick,
  children,
  testId,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={active}
          disabled={disabled}
          onMouseDown={(e) => e.preventDefault()}
          onClick={onClick}
          color={active ? 'primary' : 'default'}
          sx={{ borderRadius: 1, bgcolor: active ? 'action.selected' : undefined }}
          data-testid={testId}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

const Sep = () => <Divider orientation="vertical" flexItem sx={{ mx: 0.5, my: 0.5 }} />;

type Block = 'p' | 'h1' | 'h2' | 'h3';

/** Headings, font size, marks, alignment, lists, table, image, phrases, undo/redo; `extra` after them (dictation). */
export function FormattingBar({
  editor,
  disabled,
  onPhrase,
  extra,
}: {
  editor: Editor;
  disabled: boolean;
  onPhrase: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      align: (['left', 'center', 'right', 'justify'] as const).find((a) => e.isActive({ textAlign: a })) ?? 'left',
      block: (e.isActive('heading', { level: 1 })
        ? 'h1'
        : e.isActive('heading', { level: 2 })
          ? 'h2'
          : e.isActive('heading', { level: 3 })
            ? 'h3'
            : 'p') as Block,
      fontSize: String((e.getAttributes('textStyle') as { fontSize?: string }).fontSize ?? '').replace('px', ''),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const setBlock = (b: Block) => {
    if (b === 'p') chain().setParagraph().run();
    else
      chain()
        .setHeading({ level: Number(b.slice(1)) as 1 | 2 | 3 })
        .run();
  };

  return (
    <Box
      role="toolbar"
      aria-label={t('editor.format.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, px: 1, py: 0.5 }}
      data-testid="formatting-bar"
    >
      <Select
        size="small"
        value={s.block}
        disabled={disabled}
        onChange={(e) => setBlock(e.target.value as Block)}
        inputProps={{ 'aria-label': t('editor.format.style') }}
        sx={{ minWidth: 120, mr: 0.5, '& .MuiSelect-select': { py: 0.5 } }}
      >
        <MenuItem value="p">{t('editor.format.paragraph')}</MenuItem>
        <MenuItem value="h1">{t('editor.format.heading1')}</MenuItem>
        <MenuItem value="h2">{t('editor.format.heading2')}</MenuItem>
        <MenuItem value="h3">{t('editor.format.heading3')}</MenuItem>
      </Select>
      <Select
        size="small"
        value={s.fontSize}
        displayEmpty
        disabled={disabled}
        onChange={(e) => {
          const v = e.target.value;
          if (v) chain().setFontSize(`${v}px`).run();
          else chain().unsetFontSize().run();
        }}
        inputProps={{ 'aria-label': t('editor.format.fontSize') }}
        sx={{ minWidth: 84, mr: 0.5, '& .MuiSelect-select': { py: 0.5 } }}
        data-testid="font-size"
      >
        <MenuItem value="">{t('editor.format.default')}</MenuItem>
        {FONT_SIZES.map((n) => (
          <MenuItem key={n} value={String(n)}>
            {n}
          </MenuItem>
        ))}
      </Select>
      <Sep />
      <Tool label={t('editor.format.bold')} active={s.bold} disabled={disabled} onClick={() => chain().toggleBold().run()}>
        <FormatBoldIcon fontSize="small" />
      </Tool>
      <Tool label={t('editor.format.italic')} active={s.italic} disabled={disabled} onClick={() => chain().toggleItalic().run()}>
        <FormatItalicIcon fontSize="small" />
      </Tool>
      <Tool
        label={t('editor.format.underline')}
        active={s.underline}
        disabled={disabled}
        onClick={() => chain().toggleUnderline().run()}
      >
        <FormatUnderlinedIcon fontSize="small" />
      </Tool>
      <Sep />
      {(
        [
          ['left', FormatAlignLeftIcon, 'editor.format.alignLeft'],
          ['center', FormatAlignCenterIcon, 'editor.format.alignCenter'],
          ['right', FormatAlignRightIcon, 'editor.format.alignRight'],
          ['justify', FormatAlignJustifyIcon, 'editor.format.alignJustify'],
        ] as const
      ).map(([align, Icon, label]) => (
        <Tool
          key={align}
          label={t(label)}
          active={s.align === align}
          disabled={disabled}
          onClick={() => chain().setTextAlign(align).run()}
        >
          <Icon fontSize="small" />
        </Tool>
      ))}
      <Sep />
      <Tool
        label={t('editor.format.bulletList')}
        active={s.bullet}
        disabled={disabled}
        onClick={() => chain().toggleBulletList().run()}
      >
        <FormatListBulletedIcon fontSize="small" />
      </Tool>
      <Tool
        label={t('editor.format.orderedList')}
        active={s.ordered}
        disabled={disabled}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <FormatListNumberedIcon fontSize="small" />
      </Tool>
      <Tool
        label={t('editor.format.table')}
        disabled={disabled}
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: false }).run()}
        testId="insert-table"
      >
        <TableChartOutlinedIcon fontSize="small" />
      </Tool>
      <Tool label={t('editor.format.image')} disabled={disabled} onClick={() => file.current?.click()}>
        <ImageOutlinedIcon fontSize="small" />
      </Tool>
      <input
        ref={file}
        type="file"
        accept="image/*"
        hidden
        onChange={(e) => {
          insertImageFiles(editor, Array.from(e.target.files ?? []), t('editor.imageTooLarge'));
          e.target.value = '';
        }}
        data-testid="image-input"
      />
      <Tool label={t('editor.format.phrase')} disabled={disabled} onClick={onPhrase} testId="open-phrase-picker">
        <ShortTextIcon fontSize="small" />
      </Tool>
      <Sep />
      <Tool label={t('editor.format.undo')} disabled={disabled || !s.canUndo} onClick={() => chain().undo().run()}>
        <UndoIcon fontSize="small" />
      </Tool>
      <Tool label={t('editor.format.redo')} disabled={disabled || !s.canRedo} onClick={() => chain().redo().run()}>
        <RedoIcon fontSize="small" />
      </Tool>
      {extra}
    </Box>
  );
}

/**
 * The controls of a structured form (spec 2 §3): DROPDOWN as a select, CHECKBOX as a group
 * of checkboxes, TABLECHECK as a table of checkboxes, TEXT, TITLE/SUBTITLE headings, and
 * DYNAMIC groups whose entries are added and removed within min..max.
 */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  TEXT_MAX,
  type EntryValue,
  type FieldValue,
  type ScalarValue,
  type StructuredField,
} from '../../../../domain/structured/fields';

interface ScalarProps {
  field: StructuredField;
  value: ScalarValue | undefined;
  editable: boolean;
  required: boolean;
  onChange: (value: ScalarValue) => void;
  testId: string;
}

const asList = (v: ScalarValue | undefined): string[] => (Array.isArray(v) ? v : []);
const toggle = (list: string[], item: string, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));

function ScalarField({ field, value, editable, required, onChange, testId }: ScalarProps) {
  const { t } = useTranslation();
  const label = required ? `${field.name} *` : field.name;
  switch (field.type) {
    case 'DROPDOWN':
      return (
        <TextField
          select
          size="small"
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          disabled={!editable}
          sx={{ minWidth: 260, maxWidth: '100%' }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
        >
          <MenuItem value="">
            <em>{t('structured.none')}</em>
          </MenuItem>
          {field.values.map((o) => (
            <MenuItem key={o.value} value={o.value} data-value={o.value}>
              {o.description}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'TEXT':
      return (
        <TextField
          size="small"
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value.slice(0, TEXT_MAX))}
          disabled={!editable}
          multiline
          minRows={1}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': testId, maxLength: TEXT_MAX } }}
        />
      );
    case 'CHECKBOX':
      return (
        <FormControl component="fieldset" disabled={!editable} data-testid={testId}>
          <FormLabel component="legend">{label}</FormLabel>
          <FormGroup row>
            {field.values.map((o) => (
              <FormControlLabel
                key={o.value}
                sx={{ minWidth: 300 }}
                control={
                  <Checkbox
                    size="small"
                    checked={asList(value).includes(o.value)}
                    onChange={(e) => onChange(toggle(asList(value), o.value, e.target.checked))}
                  />
                }
                label={o.description}
              />
            ))}
          </FormGroup>
        </FormControl>
      );
    case 'TABLECHECK':
      return (
        <FormControl component="fieldset" disabled={!editable} data-testid={testId}>
          <FormLabel component="legend">{label}</FormLabel>
          <Table size="small" sx={{ width: 'auto' }}>
            <TableHead>
              <TableRow>
                <TableCell />
                {(field.columns ?? []).map((c) => (
                  <TableCell key={c.value} align="center">
                    {c.description}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(field.rows ?? []).map((r) => (
                <TableRow key={r.value}>
                  <TableCell component="th" scope="row">
                    {r.description}
                  </TableCell>
                  {(field.columns ?? []).map((c) => {
                    const cell = `${r.value}.${c.value}`;
                    return (
                      <TableCell key={c.value} align="center" padding="checkbox">
                        <Checkbox
                          size="small"
                          disabled={!editable}
                          checked={asList(value).includes(cell)}
                          onChange={(e) => onChange(toggle(asList(value), cell, e.target.checked))}
                          slotProps={{ input: { 'aria-label': `${r.description} ${c.description}` } }}
                        />
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </FormControl>
      );
    case 'DYNAMIC':
    case 'TITLE':
    case 'SUBTITLE':
      return null;
  }
}

function DynamicField({
  field,
  value,
  editable,
  onChange,
}: {
  field: StructuredField;
  value: EntryValue[];
  editable: boolean;
  onChange: (value: EntryValue[]) => void;
}) {
  const { t } = useTranslation();
  const min = field.min ?? 0;
  const max = field.max ?? Number.POSITIVE_INFINITY;
  const entryName = field.entryName ?? field.name;
  return (
    <Stack spacing={1} data-testid={`field-${field.id}`}>
      <Typography variant="subtitle2">{field.name}</Typography>
      {value.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('structured.noEntries')}
        </Typography>
      )}
      {value.map((entry, i) => (
        <Paper key={i} variant="outlined" sx={{ p: 1.5 }} data-testid={`entry-${field.id}-${i}`}>
          <Stack direction="row" sx={{ mb: 1, alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }}>
              {`${entryName} ${i + 1}`}
            </Typography>
            {editable && (
              <IconButton
                size="small"
                aria-label={t('structured.removeEntry', { name: `${entryName} ${i + 1}` })}
                disabled={value.length <= min}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            )}
          </Stack>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            {(field.fields ?? []).map((sub) => (
              <ScalarField
                key={sub.id}
                field={sub}
                value={entry[sub.id]}
                editable={editable}
                required={sub.required}
                testId={`field-${field.id}-${i}-${sub.id}`}
                onChange={(v) => onChange(value.map((e, j) => (j === i ? { ...e, [sub.id]: v } : e)))}
              />
            ))}
          </Box>
        </Paper>
      ))}
      {editable && (
        <Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            disabled={value.length >= max}
            onClick={() => onChange([...value, {}])}
            data-testid={`add-${field.id}`}
          >
            {t('structured.addEntry', { name: entryName })}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/** Is the field required now (its own flag, or the answer of the field it depends on)? */
export function requiredNow(field: StructuredField, values: Map<string, FieldValue>): boolean {
  if (field.required) return true;
  const dep = field.requiredIf;
  const other = dep ? values.get(dep.fieldId) : undefined;
  return dep !== undefined && typeof other === 'string' && dep.in.includes(other);
}

export function StructuredFieldView({
  field,
  values,
  editable,
  onChange,
}: {
  field: StructuredField;
  values: Map<string, FieldValue>;
  editable: boolean;
  onChange: (fieldId: string, value: FieldValue) => void;
}) {
  if (field.type === 'TITLE') {
    return (
      <Typography variant="h6" component="h3" sx={{ pt: 1 }}>
        {field.name}
      </Typography>
    );
  }
  if (field.type === 'SUBTITLE') {
    return (
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        {field.name}
      </Typography>
    );
  }
  if (field.type === 'DYNAMIC') {
    return (
      <DynamicField
        field={field}
        value={(values.get(field.id) as EntryValue[] | undefined) ?? []}
        editable={editable}
        onChange={(v) => onChange(field.id, v)}
      />
    );
  }
  return (
    <ScalarField
      field={field}
      value={values.get(field.id) as ScalarValue | undefined}
      editable={editable}
      required={requiredNow(field, values)}
      testId={`field-${field.id}`}
      onChange={(v) => onChange(field.id, v)}
    />
  );
}

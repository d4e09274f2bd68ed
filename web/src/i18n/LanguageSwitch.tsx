import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { setLanguage } from './index';
import { LANGS, toLang, type Lang } from './languages';

const SHORT: Record<Lang, string> = { 'pt-BR': 'PT', en: 'EN', es: 'ES' };

/** Language menu (pt-BR / en / es); the choice is kept in localStorage. */
export function LanguageSwitch({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = toLang(i18n.language);

  const choose = (lang: Lang) => {
    setAnchor(null);
    setLanguage(lang);
  };

  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        // The visible text ('PT') is part of the name (WCAG 2.5.3 label in name).
        aria-label={`${t('language.label')}: ${SHORT[current]}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="language-switch"
      >
        {SHORT[current]}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGS.map((lang) => (
          <MenuItem
            key={lang}
            selected={lang === current}
            lang={lang}
            onClick={() => choose(lang)}
            data-testid={`language-${lang}`}
          >
            <ListItemText>{t(`language.${lang}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

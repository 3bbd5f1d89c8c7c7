import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The search field of lists: a search input with the magnifier and, while it holds text, a button
 * that clears it. Named 'Buscar' for assistive technology unless it shows a `label`; any other
 * TextInput prop (width, autofocus) passes through.
 */
export function SearchField({
  value,
  onChange,
  onClear = () => onChange(''),
  clearable = true,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  /** What the clear button does; by default it empties the field through `onChange`. */
  onClear?: () => void;
  /** Whether it offers the clear button (on by default). */
  clearable?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      aria-label={props.label ? undefined : t('common.search')}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        clearable && value ? <CloseButton aria-label={t('common.clearSearch')} onClick={onClear} /> : null
      }
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function SearchField({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      aria-label={t('common.search')}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      rightSection={
        value ? <CloseButton aria-label={t('common.clearSearch')} onClick={() => onChange('')} /> : null
      }
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maw={420}
    />
  );
}

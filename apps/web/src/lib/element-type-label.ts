import { useTranslation } from 'react-i18next';
import { elementTypeByCode } from '@heliotrack/domain/element-types';

/**
 * The name to show for an element type. In Spanish the organisation's own name (it may have renamed
 * its types); in other languages the glossary name of a standard type, since organisations name
 * their types in Spanish. Extra types always keep their own name.
 */
export function useElementTypeLabel() {
  const { t, i18n } = useTranslation();
  return (type: { code: string; name: string }) =>
    i18n.language !== 'es' && elementTypeByCode(type.code)
      ? t(`elementTypes.${type.code}` as 'elementTypes.HIN')
      : type.name;
}

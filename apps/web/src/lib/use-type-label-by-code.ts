import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { elementTypeByCode } from '@heliotrack/domain/element-types';
import { useElementTypeLabel } from './element-type-label';
import { useClientElementTypes } from '../api/get-client-element-types';

/**
 * Inventory items carry only their type's code: the organisation's element types give its name, and
 * useElementTypeLabel the glossary word in other languages. Until the types load, a standard type
 * shows its glossary word and any other its code.
 */
export function useTypeLabelByCode() {
  const { t } = useTranslation();
  const typeLabel = useElementTypeLabel();
  const types = useClientElementTypes();
  const byCode = useMemo(() => new Map((types.data ?? []).map((type) => [type.code, type])), [types.data]);
  const labelOf = useCallback(
    (code: string) => {
      const type = byCode.get(code);
      if (type) return typeLabel(type);
      return elementTypeByCode(code) ? t(`elementTypes.${code}` as 'elementTypes.HIN') : code;
    },
    [byCode, typeLabel, t],
  );
  return { types: types.data, labelOf };
}

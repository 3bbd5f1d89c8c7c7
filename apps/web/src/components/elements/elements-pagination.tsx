import { useTranslation } from 'react-i18next';
import { DataTablePagination } from '../data-table/data-table-pagination';
import { formatInteger } from '../../lib/format';
import { PAGE_SIZES } from './element-list-search';

/** The footer of a paged element table: "1–25 de 3.120", the page size and the pages. */
export function ElementsPagination({
  page,
  pageSize,
  count,
  onPageChange,
  onPageSizeChange,
}: {
  page: number;
  pageSize: number;
  /** The list's count, undefined while it loads. */
  count: number | undefined;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}) {
  const { t } = useTranslation();
  const pageCount = count === undefined ? 1 : Math.max(1, Math.ceil(count / pageSize));
  const from = count ? (page - 1) * pageSize + 1 : 0;
  const to = count === undefined ? 0 : Math.min(page * pageSize, count);
  return (
    <DataTablePagination
      page={page}
      pageCount={pageCount}
      pageSize={pageSize}
      pageSizes={PAGE_SIZES}
      summary={
        count === undefined
          ? ''
          : t('elements.table.summary', {
              from: formatInteger(from),
              to: formatInteger(to),
              total: formatInteger(count),
            })
      }
      pageSizeLabel={t('elements.table.pageSize')}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      getPageControlLabel={(control) => t(`elements.table.pages.${control}`)}
    />
  );
}

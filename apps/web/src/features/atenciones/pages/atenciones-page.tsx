import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { useUserAtenciones } from '../api/get-user-atenciones.ts';
import { AtencionDetail } from '../components/atencion-detail.tsx';
import { AtencionesTable } from '../components/atenciones-table.tsx';
import { atencionesTexts } from '../texts.ts';

/**
 * 'Histórico de atenciones' (spec 2 Atenciones; decision 018): the paged table (15 a page, server
 * paging) beside the selected atención's detail; on a phone the detail comes below the table.
 */
export function AtencionesPage() {
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const list = useUserAtenciones(page);
  const detailRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // on a phone the detail is below the table: bring it into view when a row is chosen
    if (selectedId !== null && detailRef.current && window.matchMedia('(max-width: 899px)').matches) {
      detailRef.current.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [selectedId]);

  return (
    <>
      <DocumentTitle title={atencionesTexts.title} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {atencionesTexts.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {atencionesTexts.intro}
      </Typography>
      {list.isError && !list.data ? (
        <ErrorState
          title={atencionesTexts.loadError}
          message={describeErrorDetails(list.error).join(' ')}
          onRetry={() => void list.refetch()}
          isRetrying={list.isFetching}
        />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
            alignItems: 'start',
          }}
        >
          <AtencionesTable
            rows={list.data?.atenciones ?? []}
            total={list.data?.total_atenciones ?? 0}
            isLoading={list.isPending}
            page={page}
            onPage={setPage}
            selectedId={selectedId}
            onSelect={setSelectedId}
          />
          <div ref={detailRef}>
            {selectedId === null ? (
              list.data && list.data.total_atenciones > 0 ? (
                <Typography color="text.secondary" sx={{ p: 2 }}>
                  {atencionesTexts.selectOne}
                </Typography>
              ) : null
            ) : (
              <AtencionDetail key={selectedId} atencionId={selectedId} onClose={() => setSelectedId(null)} />
            )}
          </div>
        </Box>
      )}
    </>
  );
}

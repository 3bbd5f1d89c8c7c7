import { Alert, Badge, Button, FileInput, Group, List, Paper, Stack, Stepper, Text } from '@mantine/core';
import { IconFileImport, IconMap2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  layoutFileFormatOf,
  type LayoutFileImportResult,
  type LayoutFileInspection,
} from '@heliotrack/domain/layout-import';
import type { Plant } from '@heliotrack/domain/plants';
import { useClientElementTypes } from '../../../api/get-client-element-types';
import type { OrthophotoView } from '../../../components/map/orthophoto';
import { formatInteger } from '../../../lib/format';
import { useIsTouch } from '../../../lib/field-layout';
import {
  type LayoutFileContent,
  readFileAsBase64,
  useImportLayoutFile,
  useInspectLayoutFile,
} from '../api/layout-file-import';
import { hasMappedLayer, initialMapping, type LayerMapping, LayoutMappingStep } from './layout-mapping-step';
import { LayoutPreviewMap } from './layout-preview-map';
import { serverMessagesOf } from './server-messages';

type Step = 0 | 1 | 2 | 3;

function ErrorAlert({ title, error }: { title: string; error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {serverMessagesOf(error) ?? t('plantAdmin.layout.unknownError')}
    </Alert>
  );
}

/** `typeNames`: the organisation's element type names by code, so the counts read as the site says them. */
function PreviewSummary({ result, typeNames }: { result: LayoutFileImportResult; typeNames: ReadonlyMap<string, string> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text fw={600}>
        {t('plantAdmin.layout.total', { count: result.total, formatted: formatInteger(result.total) })}
      </Text>
      <Group gap="sm">
        <Badge color="teal" variant="light" tt="none" size="lg">
          {t('plantAdmin.layout.willCreate', { count: result.created })}
        </Badge>
        <Badge color="blue" variant="light" tt="none" size="lg">
          {t('plantAdmin.layout.willUpdate', { count: result.updated })}
        </Badge>
      </Group>
      {Object.keys(result.counts).length > 0 && (
        <Text size="sm">
          {t('plantAdmin.layout.byType')}:{' '}
          {Object.entries(result.counts)
            .map(([type, count]) => `${typeNames.get(type) ?? type} ${formatInteger(count)}`)
            .join(' · ')}
        </Text>
      )}
      {result.error_count > 0 && (
        <Alert color="red" role="alert" title={t('plantAdmin.layout.errors', { count: result.error_count })}>
          <List size="sm" spacing={2}>
            {result.errors.slice(0, 50).map((error) => (
              <List.Item key={`${error.index}-${error.code}`}>
                {error.source}: {error.message}
              </List.Item>
            ))}
          </List>
          {result.error_count > 50 && (
            <Text size="sm" mt="xs">
              {t('plantAdmin.layout.moreErrors', { count: result.error_count - 50 })}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * Imports a plant layout from a DXF, KML or KMZ file (issue 37): the file, read by the server into
 * its layers or folders; each mapped to an element type with its code source and the coordinate
 * system; a dry run's counts, errors (each naming its entity and line, or placemark) and map; then
 * the import, all or nothing.
 */
export function LayoutImportWizard({
  plant,
  orthophoto,
}: {
  plant: Pick<Plant, 'id' | 'mapbox_url' | 'token_url'>;
  orthophoto: OrthophotoView | null;
}) {
  const { t } = useTranslation();
  const isTouch = useIsTouch();
  const elementTypes = useClientElementTypes();
  const typeNames = new Map((elementTypes.data ?? []).map((type) => [type.code, type.name]));
  const inspect = useInspectLayoutFile();
  const runImport = useImportLayoutFile();
  const [step, setStep] = useState<Step>(0);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [content, setContent] = useState<LayoutFileContent | null>(null);
  const [inspection, setInspection] = useState<LayoutFileInspection | null>(null);
  const [mapping, setMapping] = useState<LayerMapping>({});
  const [epsg, setEpsg] = useState<number | null>(null);
  const [preview, setPreview] = useState<LayoutFileImportResult | null>(null);
  const [result, setResult] = useState<LayoutFileImportResult | null>(null);

  function restart() {
    setStep(0);
    setFile(null);
    setContent(null);
    setInspection(null);
    setPreview(null);
    setResult(null);
    inspect.reset();
    runImport.reset();
  }

  async function readFile() {
    const format = file ? layoutFileFormatOf(file.name) : null;
    if (!file || !format) return setFileError(t('plantAdmin.layout.wrongFormat'));
    setFileError(null);
    const read = { format, content: await readFileAsBase64(file) };
    inspect.mutate(
      { plantId: plant.id, ...read },
      {
        onSuccess: (answer) => {
          setContent(read);
          setInspection(answer);
          setMapping(initialMapping(answer));
          setEpsg(answer.detected_epsg);
          setStep(1);
        },
      },
    );
  }

  function send(dryRun: boolean) {
    if (!content) return;
    runImport.mutate(
      { plantId: plant.id, ...content, epsg, layers: mapping, dryRun },
      {
        onSuccess: (answer) => {
          if (dryRun) {
            setPreview(answer);
            setStep(2);
          } else {
            setResult(answer);
            setStep(3);
          }
        },
      },
    );
  }

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('plantAdmin.layout.description')}
      </Text>
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t('plantAdmin.layout.stepFile')}>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <FileInput
                label={t('plantAdmin.layout.file')}
                description={t('plantAdmin.layout.fileHint')}
                placeholder={t('plantAdmin.layout.filePlaceholder')}
                accept=".dxf,.kml,.kmz"
                value={file}
                onChange={(next) => {
                  setFile(next);
                  setFileError(
                    next && !layoutFileFormatOf(next.name) ? t('plantAdmin.layout.wrongFormat') : null,
                  );
                  inspect.reset();
                }}
                leftSection={<IconFileImport size={16} aria-hidden />}
                maw={420}
                error={fileError}
                clearable
              />
              <Group>
                <Button onClick={() => void readFile()} loading={inspect.isPending} disabled={!file}>
                  {t('plantAdmin.layout.read')}
                </Button>
              </Group>
              <ErrorAlert title={t('plantAdmin.layout.readFailedTitle')} error={inspect.error} />
            </Stack>
          </Paper>
        </Stepper.Step>
        <Stepper.Step label={t('plantAdmin.layout.stepMapping')}>
          {inspection && (
            <Stack gap="md">
              <LayoutMappingStep
                inspection={inspection}
                elementTypes={elementTypes.data ?? []}
                mapping={mapping}
                onMappingChange={setMapping}
                epsg={epsg}
                onEpsgChange={setEpsg}
                isTouch={isTouch}
              />
              <ErrorAlert title={t('plantAdmin.layout.failedTitle')} error={runImport.error} />
              <Group>
                <Button variant="default" onClick={restart}>
                  {t('plantAdmin.layout.back')}
                </Button>
                <Button
                  onClick={() => send(true)}
                  loading={runImport.isPending}
                  disabled={!hasMappedLayer(mapping) || epsg === null}
                >
                  {t('plantAdmin.layout.preview')}
                </Button>
              </Group>
            </Stack>
          )}
        </Stepper.Step>
        <Stepper.Step label={t('plantAdmin.layout.stepPreview')}>
          {preview && (
            <Stack gap="md">
              <PreviewSummary result={preview} typeNames={typeNames} />
              {preview.preview && preview.preview.features.length > 0 && (
                <>
                  <LayoutPreviewMap
                    preview={preview.preview}
                    plant={plant}
                    orthophoto={orthophoto}
                    label={t('plantAdmin.layout.previewMap')}
                  />
                  {preview.preview.features.length < preview.created + preview.updated && (
                    <Text size="sm" c="dimmed">
                      {t('plantAdmin.layout.previewShown', {
                        shown: formatInteger(preview.preview.features.length),
                        total: formatInteger(preview.created + preview.updated),
                      })}
                    </Text>
                  )}
                </>
              )}
              <ErrorAlert title={t('plantAdmin.layout.failedTitle')} error={runImport.error} />
              <Group>
                <Button
                  variant="default"
                  onClick={() => {
                    runImport.reset();
                    setStep(1);
                  }}
                >
                  {t('plantAdmin.layout.back')}
                </Button>
                <Button
                  onClick={() => send(false)}
                  loading={runImport.isPending}
                  disabled={preview.error_count > 0 || preview.created + preview.updated === 0}
                >
                  {t('plantAdmin.layout.importNow')}
                </Button>
              </Group>
            </Stack>
          )}
        </Stepper.Step>
        <Stepper.Step label={t('plantAdmin.layout.stepResult')}>
          {result && (
            <Stack gap="md">
              <Alert color="teal" role="status">
                {t('plantAdmin.layout.done', {
                  created: formatInteger(result.created),
                  updated: formatInteger(result.updated),
                })}
              </Alert>
              <Group>
                <Button
                  component={Link}
                  to={`/plants/${plant.id}/elements-map`}
                  leftSection={<IconMap2 size={16} aria-hidden />}
                >
                  {t('plantAdmin.layout.openMap')}
                </Button>
                <Button variant="default" onClick={restart}>
                  {t('plantAdmin.layout.another')}
                </Button>
              </Group>
            </Stack>
          )}
        </Stepper.Step>
      </Stepper>
    </Stack>
  );
}

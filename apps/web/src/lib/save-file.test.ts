import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OBJECT_URL_LIFETIME_MS, safeFileName, saveFile } from './save-file';

/*
 * saveFile on the web and on a device. A device's file system and share sheet do not exist here:
 * Capacitor's platform, @capacitor/filesystem and @capacitor/share are replaced at their module
 * boundary by thin fakes with the plugins' API, recording what save-file.ts asks of them.
 */
const fake = vi.hoisted(() => {
  const state = {
    platform: 'web' as 'web' | 'android' | 'ios',
    documentsFail: false,
    shareCancelled: false,
    calls: [] as unknown[][],
  };
  return {
    state,
    Filesystem: {
      writeFile: vi.fn(async (options: { path: string; data: string; directory: string; recursive?: boolean }) => {
        state.calls.push(['writeFile', options.directory, options.path, options.data, options.recursive]);
        if (state.documentsFail && options.directory === 'DOCUMENTS') throw new Error('EACCES');
        return { uri: `file:///${options.directory.toLowerCase()}/${options.path}` };
      }),
    },
    Share: {
      share: vi.fn(async (options: { files?: string[]; title?: string }) => {
        state.calls.push(['share', options.files, options.title]);
        if (state.shareCancelled) throw new Error('Share canceled');
        return {};
      }),
    },
    notifySuccess: vi.fn(),
  };
});

vi.mock('@capacitor/core', () => ({
  Capacitor: {
    isNativePlatform: () => fake.state.platform !== 'web',
    getPlatform: () => fake.state.platform,
  },
}));
vi.mock('@capacitor/filesystem', () => ({
  Directory: { Documents: 'DOCUMENTS', Cache: 'CACHE' },
  Filesystem: fake.Filesystem,
}));
vi.mock('@capacitor/share', () => ({ Share: fake.Share }));
vi.mock('../components/notifications/notify', () => ({ notifySuccess: fake.notifySuccess }));

const { state } = fake;
// As the http client hands a file over: the body of a fetch Response.
const pdf = () => new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0xff, 0x00])).blob();
const PDF_BASE64 = btoa(String.fromCharCode(0x25, 0x50, 0x44, 0x46, 0x2d, 0xff, 0x00));

beforeEach(() => {
  Object.assign(state, { platform: 'web', documentsFail: false, shareCancelled: false, calls: [] });
  fake.notifySuccess.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('saveFile on the web', () => {
  it('clicks an <a download> on an object URL, revoked 30 s later, and asks no plugin', async () => {
    vi.useFakeTimers();
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/1');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    const saved = await saveFile(await pdf(), 'informe-2026-11-28.pdf');

    expect(saved).toEqual({ kind: 'download', name: 'informe-2026-11-28.pdf' });
    expect(created).toHaveBeenCalledTimes(1);
    expect(clicked).toEqual([{ href: 'blob:http://localhost/1', download: 'informe-2026-11-28.pdf' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(OBJECT_URL_LIFETIME_MS);
    expect(revoked).toHaveBeenCalledWith('blob:http://localhost/1');
    expect(state.calls).toEqual([]);
    expect(fake.notifySuccess).not.toHaveBeenCalled();
  });
});

describe('saveFile on a device', () => {
  it('Android: writes the bytes to Documents/Heliotrack, says where, and offers the share sheet', async () => {
    state.platform = 'android';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');

    const saved = await saveFile(await pdf(), 'informe.pdf');

    expect(state.calls).toEqual([
      ['writeFile', 'DOCUMENTS', 'Heliotrack/informe.pdf', PDF_BASE64, true],
      ['share', ['file:///documents/Heliotrack/informe.pdf'], 'informe.pdf'],
    ]);
    expect(saved).toMatchObject({ kind: 'device', directory: 'documents' });
    expect(fake.notifySuccess).toHaveBeenCalledWith('Está en Documentos › Heliotrack › informe.pdf.', 'Archivo guardado');
    expect(click).not.toHaveBeenCalled();
  });

  it('iOS: the app folder of the Files app; a closed share sheet is no error', async () => {
    state.platform = 'ios';
    state.shareCancelled = true;

    const saved = await saveFile(await pdf(), 'dossier.xlsx');

    expect(state.calls[0]).toEqual(['writeFile', 'DOCUMENTS', 'dossier.xlsx', PDF_BASE64, true]);
    expect(saved).toMatchObject({ kind: 'device', directory: 'documents' });
    expect(fake.notifySuccess.mock.calls[0][0]).toBe('Está en Archivos › En mi iPhone › Heliotrack › dossier.xlsx.');
  });

  it('Documents refused: the cache, and the message says to share it to keep it', async () => {
    state.platform = 'android';
    state.documentsFail = true;

    const saved = await saveFile(await pdf(), 'export.csv');

    expect(state.calls.map((call) => call.slice(0, 3))).toEqual([
      ['writeFile', 'DOCUMENTS', 'Heliotrack/export.csv'],
      ['writeFile', 'CACHE', 'Heliotrack/export.csv'],
      ['share', ['file:///cache/Heliotrack/export.csv'], 'export.csv'],
    ]);
    expect(saved).toMatchObject({ directory: 'cache' });
    expect(fake.notifySuccess.mock.calls[0][0]).toContain('compártelo para conservarlo');
  });
});

describe('safeFileName', () => {
  it('keeps one file name: no folders, no reserved or control characters', () => {
    expect(safeFileName('../a/b:c*.pdf')).toBe('_a_b_c_.pdf');
    expect(safeFileName('informe\u0007.pdf')).toBe('informe_.pdf');
    expect(safeFileName('   ')).toBe('file');
  });
});

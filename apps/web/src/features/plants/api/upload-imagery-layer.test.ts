import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImageryLayer } from '@heliotrack/domain/imagery';
import * as httpClient from '../../../lib/http-client';
import { changeLanguage } from '../../../lib/i18n';
import { uploadImageryLayer } from './upload-imagery-layer';

const LAYER: ImageryLayer = {
  id: 7,
  name: 'Vuelo',
  captured_on: '2026-11-20',
  format: 'pmtiles',
  status: 'uploading',
  size: 10,
  received: 0,
  tile_type: null,
  min_zoom: null,
  max_zoom: null,
  bounds: null,
  is_default: false,
  tiles_url: null,
  version: null,
};

interface Sent {
  url: string;
  bytes: string;
  headers: Record<string, string>;
}

/**
 * A stand-in for XMLHttpRequest that answers each PUT with the next scripted answer; given a
 * function, it is called with the request and the server's bytes so far.
 */
function fakeXhr(answers: ((sent: Sent) => { status: number; body: unknown })[]) {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {}
    send(body: Blob) {
      // jsdom's Blob has no text(): its FileReader reads the chunk.
      const reader = new FileReader();
      reader.readAsText(body);
      reader.onload = () => {
        const bytes = String(reader.result);
        const request = { url: this.url, bytes, headers: this.headers };
        sent.push(request);
        const answer = answers.shift()!(request);
        this.upload.onprogress?.({ loaded: bytes.length });
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      };
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const offsetOf = (url: string) => Number(new URL(url).searchParams.get('offset'));
const file = () => new File(['0123456789'], 'vuelo.pmtiles');

beforeEach(() => {
  changeLanguage('es');
  localStorage.setItem('token', 'access-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('uploading an orthophoto', () => {
  it('declares the layer, then sends its bytes in chunks at increasing offsets, with the token, reporting progress', async () => {
    const post = vi.spyOn(httpClient.http, 'post').mockResolvedValue(LAYER);
    const sent = fakeXhr([
      () => ({ status: 200, body: { ...LAYER, received: 4 } }),
      () => ({ status: 200, body: { ...LAYER, received: 8 } }),
      () => ({ status: 200, body: { ...LAYER, received: 10, status: 'ready' } }),
    ]);
    const progress: number[] = [];
    const layer = await uploadImageryLayer({
      plantId: 3,
      file: file(),
      name: 'Vuelo',
      capturedOn: '2026-11-20',
      chunkBytes: 4,
      onProgress: (done) => progress.push(done),
    });
    expect(post).toHaveBeenCalledWith(
      'plants/3/imagery/',
      expect.objectContaining({ name: 'Vuelo', captured_on: '2026-11-20', format: 'pmtiles', size: 10 }),
      expect.anything(),
    );
    expect(sent.map((request) => [offsetOf(request.url), request.bytes])).toEqual([
      [0, '0123'],
      [4, '4567'],
      [8, '89'],
    ]);
    expect(sent[0].url).toContain('/api/plants/3/imagery/7/content?offset=0');
    expect(sent[0].headers.Authorization).toBe('Bearer access-1');
    expect(sent[0].headers['Content-Type']).toBe('application/octet-stream');
    expect(layer.status).toBe('ready');
    expect(progress.at(-1)).toBe(10);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('goes on from the bytes the server holds when it answers 409', async () => {
    vi.spyOn(httpClient.http, 'post').mockResolvedValue(LAYER);
    const sent = fakeXhr([
      // Another tab (or a lost answer) already sent the first six bytes.
      () => ({ status: 409, body: { detail: 'La subida sigue desde el byte 6.', received: 6 } }),
      () => ({ status: 200, body: { ...LAYER, received: 10, status: 'ready' } }),
    ]);
    await uploadImageryLayer({ plantId: 3, file: file(), name: 'Vuelo', capturedOn: null, chunkBytes: 4 });
    expect(sent.map((request) => [offsetOf(request.url), request.bytes])).toEqual([
      [0, '0123'],
      [6, '6789'],
    ]);
  });

  it('resumes an incomplete layer without declaring another, and refuses a different file', async () => {
    const post = vi.spyOn(httpClient.http, 'post');
    const sent = fakeXhr([() => ({ status: 200, body: { ...LAYER, received: 10, status: 'ready' } })]);
    await uploadImageryLayer({
      plantId: 3,
      file: file(),
      name: 'Vuelo',
      capturedOn: null,
      resume: { ...LAYER, received: 7 },
    });
    expect(post).not.toHaveBeenCalled();
    expect(sent.map((request) => [offsetOf(request.url), request.bytes])).toEqual([[7, '789']]);

    await expect(
      uploadImageryLayer({
        plantId: 3,
        file: new File(['012'], 'vuelo.pmtiles'),
        name: 'Vuelo',
        capturedOn: null,
        resume: LAYER,
      }),
    ).rejects.toMatchObject({ status: 400, body: { file: [expect.stringContaining('mismo archivo')] } });
  });

  it('refreshes an expired token once and sends the chunk again; a 400 of the archive reaches the caller', async () => {
    vi.spyOn(httpClient.http, 'post').mockResolvedValue(LAYER);
    const refresh = vi.spyOn(httpClient, 'refreshTokens').mockImplementation(async () => {
      localStorage.setItem('token', 'access-2');
    });
    const sent = fakeXhr([
      () => ({ status: 401, body: { code: 'token_not_valid' } }),
      () => ({ status: 400, body: { detail: 'El archivo no es un archivo ráster pmtiles válido: header' } }),
    ]);
    await expect(
      uploadImageryLayer({ plantId: 3, file: file(), name: 'Vuelo', capturedOn: null }),
    ).rejects.toMatchObject({
      status: 400,
      body: { detail: expect.stringContaining('no es un archivo ráster') },
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sent.map((request) => request.headers.Authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
  });
});

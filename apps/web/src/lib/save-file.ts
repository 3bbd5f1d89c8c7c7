import { Capacitor } from '@capacitor/core';
import { Directory, Filesystem } from '@capacitor/filesystem';
import { Share } from '@capacitor/share';
import { notifySuccess } from '../components/notifications/notify';
import { t } from './i18n';

/*
 * Every file the app hands to the user (reports, dossiers, element exports, documents) goes through
 * saveFile (issue 35). In a browser it is an `<a download>` on an object URL, revoked after 30 s
 * (specification section 9). Neither Capacitor's Android nor its iOS web view handles such a link:
 * on a device the file is written with @capacitor/filesystem to the Documents folder (Android: the
 * shared Documents folder, in "Heliotrack/"; iOS: the app's own folder in the Files app), the
 * app says where, and the system share sheet offers it (open in, mail, WhatsApp: how site people
 * pass a PDF on). Where Documents cannot be written (Android 10 without storage access), the file
 * goes to the app's cache and the share sheet is the way to keep it.
 */

/** Specification section 9: the object URL of a downloaded file is revoked after 30 s. */
export const OBJECT_URL_LIFETIME_MS = 30_000;

/** The folder under Android's shared Documents where the app keeps what it saves (iOS has its own). */
export const SAVED_FILES_FOLDER = 'Heliotrack';

export interface DeviceFile {
  kind: 'device';
  name: string;
  directory: 'documents' | 'cache';
  uri: string;
}

export type SavedFile = { kind: 'download'; name: string } | DeviceFile;

/** A name that stays one file name: no folders, no characters a file system refuses. */
export function safeFileName(name: string): string {
  const printable = [...name].map((char) => (char.charCodeAt(0) < 32 ? '_' : char)).join('');
  const cleaned = printable.replace(/[\\/:*?"<>|]+/g, '_').replace(/^\.+/, '').trim();
  return cleaned || 'file';
}

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode with a whole multi-megabyte PDF as arguments overflows the stack.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

function downloadInBrowser(blob: Blob, name: string): SavedFile {
  const objectUrl = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  link.rel = 'noopener';
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), OBJECT_URL_LIFETIME_MS);
  return { kind: 'download', name };
}

async function writeOnDevice(blob: Blob, name: string): Promise<DeviceFile> {
  const data = await base64Of(blob);
  const path = Capacitor.getPlatform() === 'ios' ? name : `${SAVED_FILES_FOLDER}/${name}`;
  try {
    const { uri } = await Filesystem.writeFile({ path, data, directory: Directory.Documents, recursive: true });
    return { kind: 'device', name, directory: 'documents', uri };
  } catch {
    const { uri } = await Filesystem.writeFile({ path, data, directory: Directory.Cache, recursive: true });
    return { kind: 'device', name, directory: 'cache', uri };
  }
}

/** Where the file is on the device, in words a person finds it by. */
export function savedFileMessage(saved: DeviceFile): string {
  if (saved.directory === 'cache') return t('nativeApp.files.savedForSharing', { name: saved.name });
  return Capacitor.getPlatform() === 'ios'
    ? t('nativeApp.files.savedIos', { name: saved.name })
    : t('nativeApp.files.savedAndroid', { folder: SAVED_FILES_FOLDER, name: saved.name });
}

/**
 * Hands `blob` to the user as `name`: a browser download on the web; on a device, written to
 * Documents/Heliotrack (or the cache), a message saying where, and the share sheet.
 */
export async function saveFile(blob: Blob, name: string): Promise<SavedFile> {
  const fileName = safeFileName(name);
  if (!Capacitor.isNativePlatform()) return downloadInBrowser(blob, fileName);
  const saved = await writeOnDevice(blob, fileName);
  notifySuccess(savedFileMessage(saved), t('nativeApp.files.savedTitle'));
  try {
    await Share.share({ title: fileName, files: [saved.uri], dialogTitle: t('nativeApp.files.share', { name: fileName }) });
  } catch {
    // Closed without choosing an app ("Share canceled"): the file stays where the message says.
  }
  return saved;
}

import type { CapacitorConfig } from '@capacitor/cli';

/*
 * The native shell (Capacitor 7, issue 20): the Android and iOS projects wrap this app's web build
 * (dist/). The server they call is set at build time with VITE_SERVER_URL and can be changed on the
 * login screen; that server must list the apps' origins in CORS_ORIGINS (https://localhost on
 * Android, capacitor://localhost on iOS). README, section "Native apps", says how to build them.
 */
const config: CapacitorConfig = {
  appId: 'com.heliotrack.app',
  appName: 'Heliotrack',
  webDir: 'dist',
};

export default config;

import { Suspense, useCallback, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import type { Device } from '@escudo/contract';
import { AfterFirstPaint } from '../../../components/after-first-paint.tsx';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { Icon } from '../../../components/icon.tsx';
import { lazyThemed } from '../../../components/lazy-themed.tsx';
import { fillText } from '../../../lib/format.ts';
import { useSelectedDevice } from '../../../lib/session/selected-device.ts';
import { useSignedInUser } from '../../../lib/session/user-details.ts';
import type { ProtectionAction, ProtectionDialogsProps } from '../../../lib/protection-dialogs.ts';
import type { HomeDialog } from '../components/home-dialogs.tsx';
import { HomeFooter } from '../components/home-footer.tsx';
import { HomeTile } from '../components/home-tile.tsx';
import { SelectedDeviceNote } from '../components/selected-device-note.tsx';
import { homeTexts } from '../texts.ts';
import './home-page.css';

// the tiles' notices (MUI's Dialog) load when the first one opens (docs/decisions/016)
const HomeDialogs = lazyThemed(() =>
  import('../components/home-dialogs.tsx').then((module) => module.HomeDialogs),
);

// the paths of @mui/icons-material's icons (MIT), drawn by components/icon.tsx
const ICONS = {
  groups:
    'M12 12.75c1.63 0 3.07.39 4.24.9 1.08.48 1.76 1.56 1.76 2.73V18H6v-1.61c0-1.18.68-2.26 1.76-2.73 1.17-.52 2.61-.91 4.24-.91M4 13c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m1.13 1.1c-.37-.06-.74-.1-1.13-.1-.99 0-1.93.21-2.78.58C.48 14.9 0 15.62 0 16.43V18h4.5v-1.61c0-.83.23-1.61.63-2.29M20 13c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m4 3.43c0-.81-.48-1.53-1.22-1.85-.85-.37-1.79-.58-2.78-.58-.39 0-.76.04-1.13.1.4.68.63 1.46.63 2.29V18H24zM12 6c1.66 0 3 1.34 3 3s-1.34 3-3 3-3-1.34-3-3 1.34-3 3-3',
  workspacePremium:
    'M9.68 13.69 12 11.93l2.31 1.76-.88-2.85L15.75 9h-2.84L12 6.19 11.09 9H8.25l2.31 1.84zM20 10c0-4.42-3.58-8-8-8s-8 3.58-8 8c0 2.03.76 3.87 2 5.28V23l6-2 6 2v-7.72c1.24-1.41 2-3.25 2-5.28m-8-6c3.31 0 6 2.69 6 6s-2.69 6-6 6-6-2.69-6-6 2.69-6 6-6',
  history:
    'M13 3c-4.97 0-9 4.03-9 9H1l3.89 3.89.07.14L9 12H6c0-3.87 3.13-7 7-7s7 3.13 7 7-3.13 7-7 7c-1.93 0-3.68-.79-4.94-2.06l-1.42 1.42C8.27 19.99 10.51 21 13 21c4.97 0 9-4.03 9-9s-4.03-9-9-9m-1 5v5l4.28 2.54.72-1.21-3.5-2.08V8z',
  route:
    'M19 15.18V7c0-2.21-1.79-4-4-4s-4 1.79-4 4v10c0 1.1-.9 2-2 2s-2-.9-2-2V8.82C8.16 8.4 9 7.3 9 6c0-1.66-1.34-3-3-3S3 4.34 3 6c0 1.3.84 2.4 2 2.82V17c0 2.21 1.79 4 4 4s4-1.79 4-4V7c0-1.1.9-2 2-2s2 .9 2 2v8.18c-1.16.41-2 1.51-2 2.82 0 1.66 1.34 3 3 3s3-1.34 3-3c0-1.3-.84-2.4-2-2.82',
  screenLockPortrait:
    'M10 16h4c.55 0 1-.45 1-1v-3c0-.55-.45-1-1-1v-1c0-1.11-.9-2-2-2-1.11 0-2 .9-2 2v1c-.55 0-1 .45-1 1v3c0 .55.45 1 1 1m.8-6c0-.66.54-1.2 1.2-1.2s1.2.54 1.2 1.2v1h-2.4zM17 1H7c-1.1 0-2 .9-2 2v18c0 1.1.9 2 2 2h10c1.1 0 2-.9 2-2V3c0-1.1-.9-2-2-2m0 18H7V5h10z',
  travelExplore:
    'M19.3 16.9c.4-.7.7-1.5.7-2.4 0-2.5-2-4.5-4.5-4.5S11 12 11 14.5s2 4.5 4.5 4.5c.9 0 1.7-.3 2.4-.7l3.2 3.2 1.4-1.4zm-3.8.1c-1.4 0-2.5-1.1-2.5-2.5s1.1-2.5 2.5-2.5 2.5 1.1 2.5 2.5-1.1 2.5-2.5 2.5M12 20v2C6.48 22 2 17.52 2 12S6.48 2 12 2c4.84 0 8.87 3.44 9.8 8h-2.07c-.64-2.46-2.4-4.47-4.73-5.41V5c0 1.1-.9 2-2 2h-2v2c0 .55-.45 1-1 1H8v2h2v3H9l-4.79-4.79C4.08 10.79 4 11.38 4 12c0 4.41 3.59 8 8 8',
  deleteForever:
    'M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zm2.46-7.12 1.41-1.41L12 12.59l2.12-2.12 1.41 1.41L13.41 14l2.12 2.12-1.41 1.41L12 15.41l-2.12 2.12-1.41-1.41L10.59 14zM15.5 4l-1-1h-5l-1 1H5v2h14V4z',
  collections:
    'M22 16V4c0-1.1-.9-2-2-2H8c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2m-11-4 2.03 2.71L16 11l4 5H8zM2 6v14c0 1.1.9 2 2 2h14v-2H4V6z',
};

type TileKey = keyof typeof homeTexts.tiles;

/** the tiles a phone shows without scrolling, rendered first (a row of four on a wide screen) */
const FIRST_TILES = 4;

interface TileDefinition {
  key: TileKey;
  icon: keyof typeof ICONS;
  /** spec 2/6: Tracking needs a selected device; lock, lost, wipe and information an Android one */
  requires: 'nothing' | 'device' | 'android';
  /** a route, a remote-protection dialog, or the placeholder of a later issue */
  target: { route: string } | { protection: ProtectionAction } | 'securityNetwork' | 'comingSoon';
}

// The order is the spec's (spec 2, Home).
const tiles: TileDefinition[] = [
  { key: 'securityNetwork', icon: 'groups', requires: 'nothing', target: 'securityNetwork' },
  { key: 'plans', icon: 'workspacePremium', requires: 'nothing', target: { route: '/planes' } },
  { key: 'atenciones', icon: 'history', requires: 'nothing', target: { route: '/atenciones' } },
  { key: 'tracking', icon: 'route', requires: 'device', target: { route: '/tracking' } },
  { key: 'lock', icon: 'screenLockPortrait', requires: 'android', target: { protection: 'lock' } },
  { key: 'lost', icon: 'travelExplore', requires: 'android', target: { protection: 'lost' } },
  { key: 'wipe', icon: 'deleteForever', requires: 'android', target: { protection: 'wipe' } },
  { key: 'information', icon: 'collections', requires: 'android', target: { route: '/device-info' } },
];

function findBlockingDialog(tile: TileDefinition, device: Device | null): HomeDialog | null {
  if (tile.requires === 'device' && !device) return { kind: 'selectDevice' };
  if (tile.requires === 'android' && device?.device_so !== 'android') {
    return { kind: 'notAllowed', hasDevice: device !== null };
  }
  return null;
}

export function HomePage({
  ProtectionDialogs,
  SecurityNetworkDialog,
  AlertBanner,
}: {
  ProtectionDialogs: ComponentType<ProtectionDialogsProps>;
  /** the network feature's dialog (spec 2 Modals), handed in by the app shell like ProtectionDialogs */
  SecurityNetworkDialog: ComponentType<{ open: boolean; onClose: () => void }>;
  /** the banner of the owner's open alert (SOS), from the alerts feature */
  AlertBanner?: ComponentType;
}) {
  const navigate = useNavigate();
  const user = useSignedInUser();
  const selectedDevice = useSelectedDevice();
  const [dialog, setDialog] = useState<HomeDialog | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [protection, setProtection] = useState<ProtectionAction | null>(null);
  const [isProtectionOpen, setIsProtectionOpen] = useState(false);
  const [isNetworkOpen, setIsNetworkOpen] = useState(false);

  const closeProtection = useCallback(() => setIsProtectionOpen(false), []);
  const closeNetwork = useCallback(() => setIsNetworkOpen(false), []);

  const openDialog = (next: HomeDialog) => {
    setDialog(next);
    setIsDialogOpen(true);
  };

  const onTileClick = (tile: TileDefinition) => {
    const blocking = findBlockingDialog(tile, selectedDevice);
    if (blocking) {
      openDialog(blocking);
    } else if (tile.target === 'securityNetwork') {
      setIsNetworkOpen(true);
    } else if (tile.target === 'comingSoon') {
      openDialog({ kind: 'comingSoon', title: homeTexts.tiles[tile.key].title });
    } else if ('protection' in tile.target) {
      setProtection(tile.target.protection);
      setIsProtectionOpen(true);
    } else {
      void navigate(tile.target.route);
    }
  };

  const renderTile = (tile: TileDefinition) => (
    <HomeTile
      key={tile.key}
      title={homeTexts.tiles[tile.key].title}
      description={homeTexts.tiles[tile.key].description}
      icon={<Icon path={ICONS[tile.icon]} />}
      onClick={() => onTileClick(tile)}
    />
  );

  return (
    <>
      <DocumentTitle title={homeTexts.pageTitle} />
      <h1 className="home-greeting">{fillText(homeTexts.greeting, { name: user.name })}</h1>
      {AlertBanner && <AlertBanner />}
      <div className="home-device-note">
        <SelectedDeviceNote device={selectedDevice} />
      </div>
      <div className="home-tiles">
        {tiles.slice(0, FIRST_TILES).map(renderTile)}
        {/* what a phone shows after scrolling comes in a render of its own (decision 017) */}
        <AfterFirstPaint>{tiles.slice(FIRST_TILES).map(renderTile)}</AfterFirstPaint>
      </div>
      <AfterFirstPaint>
        <HomeFooter />
      </AfterFirstPaint>
      {dialog ? (
        <Suspense fallback={null}>
          <HomeDialogs dialog={dialog} open={isDialogOpen} onClose={() => setIsDialogOpen(false)} />
        </Suspense>
      ) : null}
      <SecurityNetworkDialog open={isNetworkOpen} onClose={closeNetwork} />
      <ProtectionDialogs
        action={protection}
        // a device deselected meanwhile (another tab) closes the dialog
        open={isProtectionOpen && selectedDevice?.device_so === 'android'}
        device={selectedDevice}
        onClose={closeProtection}
      />
    </>
  );
}

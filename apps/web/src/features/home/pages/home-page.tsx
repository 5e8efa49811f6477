import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Collections from '@mui/icons-material/Collections';
import DeleteForever from '@mui/icons-material/DeleteForever';
import Groups from '@mui/icons-material/Groups';
import History from '@mui/icons-material/History';
import Route from '@mui/icons-material/Route';
import ScreenLockPortrait from '@mui/icons-material/ScreenLockPortrait';
import TravelExplore from '@mui/icons-material/TravelExplore';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import { Suspense, lazy, useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Device } from '@escudo/contract';
import { AfterFirstPaint } from '../../../components/after-first-paint.tsx';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { fillText } from '../../../lib/format.ts';
import { useSelectedDevice } from '../../../lib/session/selected-device.ts';
import { useSignedInUser } from '../../../lib/session/user-details.ts';
import type { ProtectionAction, ProtectionDialogsProps } from '../../../lib/protection-dialogs.ts';
import type { HomeDialog } from '../components/home-dialogs.tsx';
import { HomeFooter } from '../components/home-footer.tsx';
import { HomeTile } from '../components/home-tile.tsx';
import { SelectedDeviceNote } from '../components/selected-device-note.tsx';
import { homeTexts } from '../texts.ts';

// the tiles' notices (MUI's Dialog) load when the first one opens (docs/decisions/016)
const HomeDialogs = lazy(() =>
  import('../components/home-dialogs.tsx').then((module) => ({ default: module.HomeDialogs })),
);

type TileKey = keyof typeof homeTexts.tiles;

/** the tiles a phone shows without scrolling, rendered first (a row of four on a wide screen) */
const FIRST_TILES = 4;

interface TileDefinition {
  key: TileKey;
  icon: ReactNode;
  /** spec 2/6: Tracking needs a selected device; lock, lost, wipe and information an Android one */
  requires: 'nothing' | 'device' | 'android';
  /** a route, a remote-protection dialog, or the placeholder of a later issue */
  target: { route: string } | { protection: ProtectionAction } | 'securityNetwork' | 'comingSoon';
}

// The order is the spec's (spec 2, Home).
const tiles: TileDefinition[] = [
  { key: 'securityNetwork', icon: <Groups />, requires: 'nothing', target: 'securityNetwork' },
  { key: 'plans', icon: <WorkspacePremium />, requires: 'nothing', target: { route: '/planes' } },
  { key: 'atenciones', icon: <History />, requires: 'nothing', target: { route: '/atenciones' } },
  { key: 'tracking', icon: <Route />, requires: 'device', target: { route: '/tracking' } },
  { key: 'lock', icon: <ScreenLockPortrait />, requires: 'android', target: { protection: 'lock' } },
  { key: 'lost', icon: <TravelExplore />, requires: 'android', target: { protection: 'lost' } },
  { key: 'wipe', icon: <DeleteForever />, requires: 'android', target: { protection: 'wipe' } },
  { key: 'information', icon: <Collections />, requires: 'android', target: { route: '/device-info' } },
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
      icon={tile.icon}
      onClick={() => onTileClick(tile)}
    />
  );

  return (
    <>
      <DocumentTitle title={homeTexts.pageTitle} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {fillText(homeTexts.greeting, { name: user.name })}
      </Typography>
      {AlertBanner && <AlertBanner />}
      <Box sx={{ mb: 3 }}>
        <SelectedDeviceNote device={selectedDevice} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {tiles.slice(0, FIRST_TILES).map(renderTile)}
        {/* what a phone shows after scrolling comes in a render of its own (issue 18) */}
        <AfterFirstPaint>{tiles.slice(FIRST_TILES).map(renderTile)}</AfterFirstPaint>
      </Box>
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

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Logo } from '../../../components/logo.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { StoreBadges } from '../../../components/store-badges.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { useConfig } from '../../../lib/config/get-config.ts';
import { fillText } from '../../../lib/format.ts';
import { getStorePlatform } from '../../../lib/user-agent.ts';
import { storeTexts } from '../texts.ts';

/**
 * The link printed on flyers and shared in messages: phones go straight to their store (Android to
 * Google Play; iPhone, iPad and Mac to the App Store), any other device sees both badges (spec 2).
 */
export function StoreRedirectPage() {
  const configQuery = useConfig();
  const [platform] = useState(() => getStorePlatform());
  const config = configQuery.data;

  useEffect(() => {
    if (!config || !platform) return;
    window.location.replace(platform === 'android' ? config.play_store_url : config.app_store_url);
  }, [config, platform]);

  let content;
  if (configQuery.isError) {
    content = (
      <ErrorState
        title={storeTexts.configError}
        message={describeErrorDetails(configQuery.error).join(' ')}
        onRetry={() => void configQuery.refetch()}
        isRetrying={configQuery.isFetching}
      />
    );
  } else if (platform || !config) {
    content = <PageLoader label={platform ? storeTexts.redirecting : undefined} minHeight={200} />;
  } else {
    content = (
      <>
        <Typography sx={{ mb: 3 }}>
          {fillText(storeTexts.chooseStore, { brand: config.brand_name })}
        </Typography>
        <StoreBadges playStoreUrl={config.play_store_url} appStoreUrl={config.app_store_url} />
      </>
    );
  }

  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', px: 3, py: 8, textAlign: 'center' }}>
      <DocumentTitle title={storeTexts.title} />
      <Box sx={{ mb: 4 }}>
        <Logo size={44} />
      </Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {storeTexts.title}
      </Typography>
      {content}
    </Box>
  );
}

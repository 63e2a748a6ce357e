// The 'exchange' namespace (licences, de-identification, adaptations); its catalogues are bundled in resources.ts.
import { useTranslation } from 'react-i18next';

export const useExchangeT = () => useTranslation('exchange').t;

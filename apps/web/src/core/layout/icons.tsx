import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BuildIcon from '@mui/icons-material/Build';
import BusinessIcon from '@mui/icons-material/Business';
import CableIcon from '@mui/icons-material/Cable';
import CategoryIcon from '@mui/icons-material/Category';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import DnsIcon from '@mui/icons-material/Dns';
import EventIcon from '@mui/icons-material/Event';
import HelpOutlineIcon from '@mui/icons-material/HelpCenterOutlined';
import HistoryIcon from '@mui/icons-material/History';
import HubIcon from '@mui/icons-material/Hub';
import InventoryIcon from '@mui/icons-material/Inventory';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LanIcon from '@mui/icons-material/Lan';
import LinkIcon from '@mui/icons-material/Link';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import MapIcon from '@mui/icons-material/Map';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import PlaceIcon from '@mui/icons-material/Place';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import RouterIcon from '@mui/icons-material/Router';
import SettingsIcon from '@mui/icons-material/Settings';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TableChartIcon from '@mui/icons-material/TableChart';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import type { ReactElement } from 'react';

export const MENU_ICONS: Record<string, ReactElement> = {
  home: <DashboardIcon />,
  event: <EventIcon />,
  project: <TaskAltIcon />,
  viability: <MapIcon />,
  template: <ViewModuleIcon />,
  warehouse: <WarehouseIcon />,
  stock: <Inventory2Icon />,
  section: <TableChartIcon />,
  product: <CategoryIcon />,
  patrimony: <QrCodeIcon />,
  request: <RequestQuoteIcon />,
  movements: <SwapHorizIcon />,
  shipment: <LocalShippingIcon />,
  activity: <BuildIcon />,
  assistance: <AssignmentIcon />,
  site: <PlaceIcon />,
  asset: <RouterIcon />,
  lmc: <AccountTreeIcon />,
  svc: <LanIcon />,
  union: <HubIcon />,
  circuit: <CableIcon />,
  organization: <BusinessIcon />,
  user: <PeopleIcon />,
  locale: <LinkIcon />,
  revision: <HistoryIcon />,
  report: <DescriptionIcon />,
  orgSettings: <SettingsIcon />,
  faq: <HelpOutlineIcon />,
  wiki: <MenuBookIcon />,
  dns: <DnsIcon />,
  inventory: <InventoryIcon />,
};

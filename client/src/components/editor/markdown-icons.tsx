// Icons of the Markdown source editor's toolbar (Heroicons, as everywhere: components/icons.tsx).
import BoldIcon from "@heroicons/react/24/outline/BoldIcon";
import ChatBubbleBottomCenterTextIcon from "@heroicons/react/24/outline/ChatBubbleBottomCenterTextIcon";
import ClipboardDocumentCheckIcon from "@heroicons/react/24/outline/ClipboardDocumentCheckIcon";
import CodeBracketIcon from "@heroicons/react/24/outline/CodeBracketIcon";
import CodeBracketSquareIcon from "@heroicons/react/24/outline/CodeBracketSquareIcon";
import H1Icon from "@heroicons/react/24/outline/H1Icon";
import ItalicIcon from "@heroicons/react/24/outline/ItalicIcon";
import LinkIcon from "@heroicons/react/24/outline/LinkIcon";
import ListBulletIcon from "@heroicons/react/24/outline/ListBulletIcon";
import MinusIcon from "@heroicons/react/24/outline/MinusIcon";
import NumberedListIcon from "@heroicons/react/24/outline/NumberedListIcon";
import StrikethroughIcon from "@heroicons/react/24/outline/StrikethroughIcon";
import TableCellsIcon from "@heroicons/react/24/outline/TableCellsIcon";

export const MARKDOWN_ACTION_ICONS = {
  bold: BoldIcon,
  italic: ItalicIcon,
  strikethrough: StrikethroughIcon,
  code: CodeBracketIcon,
  link: LinkIcon,
  heading: H1Icon,
  bulletList: ListBulletIcon,
  orderedList: NumberedListIcon,
  taskList: ClipboardDocumentCheckIcon,
  quote: ChatBubbleBottomCenterTextIcon,
  codeBlock: CodeBracketSquareIcon,
  table: TableCellsIcon,
  divider: MinusIcon,
} as const;

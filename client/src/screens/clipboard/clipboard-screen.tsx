// Live clipboard (docs/clipboard.md): without a room, the owner's rooms and the form to create one
// (clipboard/rooms-view.tsx); with a room id and its key in the fragment, the room itself
// (clipboard/live-room.tsx). Everything is encrypted in this browser with the key from the fragment.
import { RoomView } from "./live-room";
import { RoomsView } from "./rooms-view";

export default function ClipboardScreen({ roomId }: { roomId?: string }) {
  return roomId ? <RoomView roomId={roomId} /> : <RoomsView />;
}

"""The table's phones: the host's Phones screen (QR code, room code, who joined) and a phone's seat picker."""

"""The guided rating steps shown in the right-hand panel of the main window."""

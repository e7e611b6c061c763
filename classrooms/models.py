# Classes, memberships and assignments arrive with the classrooms issue.
